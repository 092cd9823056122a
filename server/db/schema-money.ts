/**
 * Table types for Kysely (schema.ts composes DB of every domain's; keep them in step with migrations/):
 * licensing and money: billing addresses, license types and requests, payments, the ledger, withdrawals.
 */
import type { Generated } from 'kysely';
import type { Json, Timestamp } from './schema-columns';

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

export interface LicenseTypesTable {
  id: Generated<string>;
  name_en: string;
  name_el: string;
  description_en: string;
  description_el: string;
  scope: string;
  /** null: price by request */
  price_cents: number | null;
  active: Generated<boolean>;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LicenseRequestsTable {
  id: Generated<string>;
  video_id: string;
  buyer_id: string;
  license_type_id: string;
  license_type_snapshot: Json;
  usage: string;
  billing_address: Json;
  status: string;
  price_cents: number | null;
  currency: string;
  creator_share_percent: number;
  referral_bonus_percent: number;
  /** Copied from the settings when the request is made (migration 0026, docs/money.md). */
  refund_window_days: number;
  quoted_by: string | null;
  quoted_at: Timestamp | null;
  payment_provider: string | null;
  checkout_session_id: string | null;
  /** When the open checkout session stops taking payment (migration 0027). */
  checkout_expires_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_by: string | null;
  cancelled_at: Timestamp | null;
  cancel_reason: string | null;
  /** A refund of the completed sale (migration 0025): the request is then `cancelled`. */
  refunded_at: Timestamp | null;
  refunded_by: string | null;
  refund_reason: string | null;
  refund_reference: string | null;
  /** The bundle this clip was asked for in, with others (migration 0039); null: asked for alone. */
  bundle_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Several clips asked for together (migration 0039): each is an ordinary request carrying `bundle_id`. */
export interface LicenseBundlesTable {
  id: Generated<string>;
  buyer_id: string;
  collection_id: string | null;
  created_at: Timestamp;
}

export interface LicenseMessagesTable {
  id: Generated<string>;
  license_request_id: string;
  author_id: string | null;
  body: string;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  license_request_id: string | null;
  outcome: string;
  received_at: Timestamp;
}

/** The ledger: amount_cents is always positive, the type says which way the money goes. */
export interface TransactionsTable {
  id: Generated<string>;
  user_id: string;
  type: string;
  status: string;
  /** bigint, read back as a number by both drivers (server/db/type-parsers.ts) */
  amount_cents: number;
  currency: string;
  license_request_id: string | null;
  withdrawal_request_id: string | null;
  referred_user_id: string | null;
  available_at: Timestamp | null;
  /** A counter-row: the row it undoes (a refund, a payout that came back). */
  reverses_id: string | null;
  /** Who wrote a row by hand (an admin adjustment or refund), and why. */
  created_by: string | null;
  reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WithdrawalRequestsTable {
  id: Generated<string>;
  user_id: string;
  amount_cents: number;
  currency: string;
  method: 'paypal' | 'bank_transfer';
  /** paypal: { email }; bank_transfer: { iban, holder } */
  payout_details: Json;
  status: Generated<string>;
  payout_provider: string | null;
  payout_reference: string | null;
  reject_reason: string | null;
  failure_reason: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A member's monthly statement that was queued by mail (migration 0044): one per member and month. */
export interface MonthlyStatementsSentTable {
  user_id: string;
  /** YYYY-MM (UTC). */
  month: string;
  sent_at: Generated<Date>;
}

/** A month whose statements reached every member it concerns (migration 0045): later runs skip it. */
export interface MonthlyStatementRunsTable {
  /** YYYY-MM (UTC). */
  month: string;
  finished_at: Generated<Date>;
}

/** The tables of licensing and money, by name (DB in schema.ts is every domain's together). */
export interface MoneyTables {
  billing_addresses: BillingAddressesTable;
  license_types: LicenseTypesTable;
  license_requests: LicenseRequestsTable;
  license_bundles: LicenseBundlesTable;
  license_messages: LicenseMessagesTable;
  payment_events: PaymentEventsTable;
  transactions: TransactionsTable;
  withdrawal_requests: WithdrawalRequestsTable;
  monthly_statements_sent: MonthlyStatementsSentTable;
  monthly_statement_runs: MonthlyStatementRunsTable;
}
