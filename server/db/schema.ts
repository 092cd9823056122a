import type { ColumnType, Generated, Selectable } from 'kysely';
import type { VideoLocation } from '../../common/contracts/location';

/** Table types for Kysely. Keep them in step with migrations/. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  name: Generated<string>;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  rights: Generated<string[]>;
  language: Generated<string>;
  referrer_id: string | null;
  phone_number: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The `location` jsonb column holds a SPEC 3 "Location value" (common/contracts/location.ts). */
export type LocationValue = VideoLocation;

export interface VideosTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  description: Generated<string>;
  keywords: Generated<string[]>;
  file_name: string | null;
  path: string | null;
  thumbnail: string | null;
  youtube_id: string | null;
  duration: string | null;
  date: string | null;
  time: string | null;
  location: ColumnType<LocationValue | null, string | null, string | null>;
  status: Generated<string>;
  edit_author_id: string | null;
  edit_date: Timestamp | null;
  created_at: Timestamp;
  external_url: string | null;
  owner_name: string | null;
  owner_email: string | null;
  owner_phone: string | null;
  owner_country: string | null;
  owner_instagram: string | null;
  owner_dob: string | null;
  signature_path: string | null;
  agreement_version: string | null;
  size_bytes: number | null;
  sha256: string | null;
  processing_error: string | null;
  category_id: Generated<number>;
  privacy: Generated<string>;
}

export interface AbuseRequestsTable {
  id: Generated<string>;
  email: string;
  subject: string;
  message: string;
  url: Generated<string>;
  user_id: string | null;
  created: Timestamp;
}

export interface UserAccountsTable {
  user_id: string;
  name: string;
  role: string;
  country: string;
  instagram: string | null;
  is_business_account: boolean;
  company_name: string | null;
  is_policy_agreed: boolean;
  is_age_restriction_agreed: boolean;
  is_verified: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserProfilesTable {
  user_id: string;
  name: string;
  bio: Generated<string>;
  cover_image: string | null;
  is_verified: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserAliasesTable {
  alias: string;
  user_id: string;
}

export interface VerificationCodesTable {
  user_id: string;
  channel: 'email' | 'phone';
  target: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  sends: Generated<number>;
  created_at: Timestamp;
}

export interface EmailUpdatesTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  created_at: Timestamp;
}

export interface SmsSendsTable {
  id: Generated<string>;
  user_id: string | null;
  phone_number: string;
  ip: string;
  created_at: Timestamp;
}

export interface CaptchaUsesTable {
  id: string;
  expires_at: Timestamp;
}

export interface BillingAddressesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  address: string;
  city: string;
  state: Generated<string>;
  postal_code: string;
  country: string;
  contact_email: string;
  contact_phone: string;
  vat_number: string | null;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KeywordSummaryTable {
  keyword: string;
  label: string;
  count: Generated<number>;
}

export interface VideoStatusChangesTable {
  id: Generated<string>;
  video_id: string;
  changed_by: string | null;
  changed_at: Timestamp;
  from_status: string;
  to_status: string;
  reason: string | null;
}

export interface VideoEditSuggestionsTable {
  id: Generated<string>;
  video_id: string;
  suggested_by: string;
  created_at: Timestamp;
  title: string;
  description: string;
  keywords: string[];
  external_url: string | null;
  original_title: string;
  original_description: string;
  original_keywords: string[];
  original_external_url: string | null;
  status: Generated<string>;
  decided_by: string | null;
  decided_at: Timestamp | null;
  reason: string | null;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  videos: VideosTable;
  abuse_requests: AbuseRequestsTable;
  user_accounts: UserAccountsTable;
  user_profiles: UserProfilesTable;
  user_aliases: UserAliasesTable;
  verification_codes: VerificationCodesTable;
  email_updates: EmailUpdatesTable;
  sms_sends: SmsSendsTable;
  captcha_uses: CaptchaUsesTable;
  billing_addresses: BillingAddressesTable;
  keyword_summary: KeywordSummaryTable;
  video_status_changes: VideoStatusChangesTable;
  video_edit_suggestions: VideoEditSuggestionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type VideoRow = Selectable<VideosTable>;
export type AbuseRequestRow = Selectable<AbuseRequestsTable>;
