/**
 * Table types for Kysely (schema.ts composes DB of every domain's; keep them in step with migrations/):
 * the platform's own running: abuse reports, settings, the audit log, the mail outbox, anti-abuse counters.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './schema-columns';

export interface AbuseRequestsTable {
  id: Generated<string>;
  email: string;
  subject: string;
  message: string;
  url: Generated<string>;
  user_id: string | null;
  created: Timestamp;
  /** Set when an admin marked the report handled (migration 0021) */
  handled_at: Timestamp | null;
  handled_by: ColumnType<string | null, string | null | undefined, string | null>;
  handled_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AppSettingsTable {
  key: string;
  value: Json;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** One admin action: who, when, what, and the subject before and after (DESIGN "Rights"). */
export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: Json | null;
  after: Json | null;
  reason: string | null;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Extra headers (List-Unsubscribe), name to value (migration 0036). */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  /** Files sent with the mail, base64 (migration 0044): a monthly statement's PDF. */
  attachments: ColumnType<
    { filename: string; contentType: string; contentBase64: string }[] | null,
    string | null | undefined,
    string | null
  >;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  lease_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

export interface CaptchaUsesTable {
  id: string;
  expires_at: Timestamp;
}

export interface RateLimitHitsTable {
  key: string;
  hits: number;
  window_ends_at: Timestamp;
}

/** Failed password sign-ins of one account in the current window (migration 0029). */
export interface SignInFailuresTable {
  /** SHA-256 (hex) of the e-mail address as typed, trimmed and lower-cased: known or not. */
  email_hash: string;
  failures: number;
  window_ends_at: Timestamp;
}

/** A resumable upload's lock, shared by every instance (migration 0030); a lapsed lease is free. */
export interface UploadLocksTable {
  upload_id: string;
  holder: string;
  expires_at: Timestamp;
}

/** The platform's tables, by name (DB in schema.ts is every domain's together). */
export interface PlatformTables {
  abuse_requests: AbuseRequestsTable;
  app_settings: AppSettingsTable;
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
  captcha_uses: CaptchaUsesTable;
  rate_limit_hits: RateLimitHitsTable;
  sign_in_failures: SignInFailuresTable;
  upload_locks: UploadLocksTable;
}
