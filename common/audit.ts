/**
 * What the audit log records (DESIGN "Rights"), listed once: the server may write only these actions and
 * subjects, and the back office shows each action, subject and field by a label in the reader's language
 * (a test checks every one has a label in both languages).
 */
export const AUDIT_ACTIONS = [
  'user.rights',
  'user.disable',
  'user.enable',
  'settings.update',
  'terms.upload',
  'privacy.update',
  'license.quote',
  'license.refund',
  'license_type.create',
  'license_type.update',
  'withdrawal.pay',
  'withdrawal.complete',
  'withdrawal.fail',
  'withdrawal.reject',
  'ledger.adjust',
  'abuse.handle',
  'mrss.create',
  'mrss.update',
  'mrss.delete',
  'mrss.token.create',
  'mrss.token.revoke',
  'mrss.token.regenerate',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SUBJECTS = [
  'user',
  'license_request',
  'license_type',
  'withdrawal_request',
  'transaction',
  'app_settings',
  'terms_of_service',
  'privacy_policy',
  'abuse_request',
  'mrss_feed',
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/**
 * How a field's value reads: `money` in cents with the row's `currency`, `status` by the subject's status
 * labels, `text` as written, `changed` says only that it changed (long texts such as the privacy policy).
 * Fields not listed (ids, counts kept for support) are not shown.
 */
export type AuditFieldKind =
  | 'money'
  | 'status'
  | 'rights'
  | 'account'
  | 'boolean'
  | 'percent'
  | 'days'
  | 'number'
  | 'date'
  | 'text'
  | 'list'
  | 'scope'
  | 'language'
  | 'ledgerType'
  | 'changed';

export const AUDIT_FIELDS = {
  rights: 'rights',
  disabled: 'account',
  status: 'status',
  priceCents: 'money',
  refundedCents: 'money',
  amountCents: 'money',
  withdrawalMinimumCents: 'money',
  currency: 'text',
  provider: 'text',
  reference: 'text',
  refundId: 'text',
  type: 'ledgerType',
  creatorSharePercent: 'percent',
  referralBonusPercent: 'percent',
  withdrawalDelayDays: 'days',
  refundWindowDays: 'days',
  uploadedAt: 'date',
  handledAt: 'date',
  note: 'text',
  en: 'changed',
  el: 'changed',
  nameEn: 'text',
  nameEl: 'text',
  descriptionEn: 'text',
  descriptionEl: 'text',
  scope: 'scope',
  active: 'boolean',
  position: 'number',
  name: 'text',
  language: 'language',
  keywords: 'list',
  shot_from: 'date',
  shot_to: 'date',
  licensable_only: 'boolean',
  partners: 'list',
  partnerName: 'text',
  revoked: 'boolean',
} as const satisfies Record<string, AuditFieldKind>;
export type AuditField = keyof typeof AUDIT_FIELDS;

export const isAuditField = (key: string): key is AuditField => Object.hasOwn(AUDIT_FIELDS, key);
