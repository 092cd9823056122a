/**
 * Table types for Kysely (schema.ts composes DB of every domain's; keep them in step with migrations/):
 * people and their ways in: users, better-auth's sign-in tables, profiles and verification.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema-columns';

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
  /** Set while an admin has disabled the account (migration 0020). */
  disabled_at: Timestamp | null;
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

/** better-auth's rate-limit counters (it writes them itself; declared for tests and clean-up). */
export interface AuthRateLimitsTable {
  id: string;
  key: string;
  count: number;
  last_request: ColumnType<string, number, number>;
}

/** The tables of people and sign-in, by name (DB in schema.ts is every domain's together). */
export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  user_accounts: UserAccountsTable;
  user_profiles: UserProfilesTable;
  user_aliases: UserAliasesTable;
  verification_codes: VerificationCodesTable;
  email_updates: EmailUpdatesTable;
  sms_sends: SmsSendsTable;
  auth_rate_limits: AuthRateLimitsTable;
}
