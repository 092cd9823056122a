import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { outboxSmsSender } from './outbox-sms';
import { twilioSmsSender } from './twilio-sms';

export interface SmsMessage {
  /** The recipient in E.164 form, e.g. +35799123456. */
  to: string;
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Why a provider refused a message, in words the verification service can turn into SPEC 8.2 errors. */
export type SmsSendFailure =
  | 'invalid-phone-number'
  | 'quota-exceeded'
  | 'operation-not-allowed'
  | 'internal-error';

export class SmsSendError extends Error {
  constructor(
    readonly reason: SmsSendFailure,
    message: string = reason,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}

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
