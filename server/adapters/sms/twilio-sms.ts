import { SmsSendError, type SmsSender, type SmsSendFailure } from './sms';

/** Twilio's error codes (https://www.twilio.com/docs/api/errors) that say something the user can act on. */
const FAILURE_BY_TWILIO_CODE: Record<number, SmsSendFailure> = {
  21211: 'invalid-phone-number', // invalid 'To' phone number
  21217: 'invalid-phone-number', // phone number does not appear to be valid
  21614: 'invalid-phone-number', // 'To' number is not a valid mobile number
  20429: 'quota-exceeded', // too many requests
  30022: 'quota-exceeded', // US A2P 10DLC: rate limit exceeded
  20003: 'operation-not-allowed', // authentication failed / permission denied
  21408: 'operation-not-allowed', // sending to this region is not enabled
  21610: 'operation-not-allowed', // the recipient has replied STOP
};

/** The error body of Twilio's 2010 API: `{ code, message, more_info, status }`. */
interface TwilioError {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

/**
 * Sends through Twilio's Programmable Messaging REST API. `from` is a sender number (or alphanumeric
 * id), or a Messaging Service SID (MG...), which lets Twilio pick the sender per country.
 */
export function twilioSmsSender(options: {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl?: string;
  timeoutMs?: number;
}): SmsSender {
  const baseUrl = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = options.from.startsWith('MG')
    ? { MessagingServiceSid: options.from }
    : { From: options.from };

  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: message.to, ...sender, Body: message.body }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new SmsSendError('internal-error', `Twilio unreachable: ${(error as Error).message}`, {
          cause: error,
        });
      }
      if (response.ok) return;
      const body = await readTwilioError(response);
      throw new SmsSendError(
        failureOf(response.status, body),
        `Twilio answered ${response.status}${body.code ? ` (code ${body.code})` : ''}: ${body.message ?? 'no message'}`,
      );
    },
  };
}

/** Which failure a Twilio answer means; anything unrecognised is our problem, not the user's. */
function failureOf(status: number, error: TwilioError): SmsSendFailure {
  const byCode = error.code === undefined ? undefined : FAILURE_BY_TWILIO_CODE[error.code];
  if (byCode) return byCode;
  if (status === 429) return 'quota-exceeded';
  // Other 'To' validation codes (there are several) all carry a message that names the 'To' number.
  const message = error.message ?? '';
  if (status === 400 && /'To'/.test(message) && /\b(invalid|not a valid)\b/i.test(message)) {
    return 'invalid-phone-number';
  }
  return 'internal-error';
}

async function readTwilioError(response: Response): Promise<TwilioError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return parsed as TwilioError;
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the start of it for the log.
  }
  return { message: text.slice(0, 200) || response.statusText };
}
