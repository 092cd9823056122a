import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { outboxSmsSender } from './outbox-sms';
import type { SmsSender } from './sms';
import { twilioSmsSender } from './twilio-sms';

/**
 * The configured SMS driver: Twilio's REST API, or (the default) an outbox folder, `<outboxDir>/sms/`,
 * where each message is a JSON file, so a developer reads the codes without a provider.
 */
export function createSmsSender(
  config: AppConfig['sms'],
  options: { outboxDir: string; logger?: Logger; twilioBaseUrl?: string },
): SmsSender {
  if (config.provider === 'twilio') {
    const { twilioAccountSid, twilioAuthToken, twilioFrom } = config;
    // loadConfig already requires the three; this keeps a hand-built config from failing later, per message.
    if (!twilioAccountSid || !twilioAuthToken || !twilioFrom) {
      throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    }
    return twilioSmsSender({
      accountSid: twilioAccountSid,
      authToken: twilioAuthToken,
      from: twilioFrom,
      baseUrl: options.twilioBaseUrl,
    });
  }
  return outboxSmsSender({ dir: smsOutboxDirIn(options.outboxDir), logger: options.logger });
}

/** The folder the outbox driver writes to, inside the mail outbox folder. */
export function smsOutboxDirIn(outboxDir: string): string {
  return path.join(outboxDir, 'sms');
}
