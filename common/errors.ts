/**
 * Error codes the server answers with. The web shows `t('errors.' + code, params)` in the user's
 * language, never the server's English. SPEC 8.1 reasons are included for the verification issue.
 */
export const ERROR_CODES = [
  'INTERNAL_ERROR',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'NOT_AUTHENTICATED',
  'NOT_AUTHORIZED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'USER_HAS_NO_EMAIL',
  'EMAIL_ALREADY_VERIFIED',
  'EMAILS_PER_CODE_EXCEEDED',
  'UPDATES_PER_ACCOUNT_EXCEEDED',
  'INVALID_CODE',
  'ATTEMPTS_PER_CODE_EXCEEDED',
  'USER_ALREADY_HAS_EMAIL',
  'INVALID_EMAIL',
  'EMAIL_IS_IN_USE',
  'INVALID_ACTION_CODE',
  'ACTION_CODE_EXPIRED',
  'PASSWORD_ALREADY_SET',
  'INVALID_PASSWORD',
  'VERIFICATION_CODE_EXPIRED',
  'CAPTCHA_FAILED',
  'CAPTCHA_EXPIRED',
  'INVALID_PHONE_NUMBER',
  'SMS_QUOTA_EXCEEDED',
  'OPERATION_NOT_ALLOWED',
  'INVALID_PHONE_CODE',
  'PHONE_CODE_EXPIRED',
  'PHONE_NUMBER_IN_USE',
  'USERNAME_TAKEN',
  'NOT_VERIFIED',
  'NOT_AN_IMAGE',
  'IMAGE_TOO_LARGE',
  'STATUS_CHANGE_NOT_ALLOWED',
  'PUBLISHING_OFF',
  'SUGGESTION_ALREADY_DECIDED',
  'OWN_VIDEO',
  'INVALID_CHARACTERS',
  'LICENSE_NOT_PAYABLE',
  'PAYMENT_IN_PROGRESS',
  'CHECKOUT_EXPIRED',
  'PAYMENT_SIGNATURE_INVALID',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'VIDEO_NOT_LICENSABLE',
  'LICENSE_OWN_VIDEO',
  'OWN_LICENSE_REQUEST',
  'LICENSE_REQUEST_CLOSED',
  'WITHDRAWAL_BELOW_MINIMUM',
  'WITHDRAWAL_NOT_YET_AVAILABLE',
  'INSUFFICIENT_BALANCE',
  'WITHDRAWAL_NOT_CANCELLABLE',
  'WITHDRAWAL_ALREADY_DECIDED',
  'WITHDRAWAL_BALANCE_BELOW_ZERO',
  'WITHDRAWAL_MEMBER_DISABLED',
  'PAYOUT_REFERENCE_REQUIRED',
  'USER_NOT_FOUND',
  'REFUND_NOT_ALLOWED',
  'REFUND_WINDOW_PASSED',
  'USER_DISABLED',
  'SIGN_IN_PAUSED',
  'LAST_ADMIN',
  'OWN_ADMIN_RIGHT',
  'OWN_ACCOUNT',
  'NOT_A_PDF',
  'TERMS_TOO_LARGE',
  'TERMS_UPLOAD_FAILED',
  'ABUSE_REPORT_ALREADY_HANDLED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One field's problem: the path in the request body and the i18n key of its message. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The body of every error response. `message` is English, for logs and API users only. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  params?: Record<string, string | number>;
  fields?: FieldIssue[];
}
