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
