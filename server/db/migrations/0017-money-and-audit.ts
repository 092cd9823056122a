import { type Kysely, sql } from 'kysely';

/**
 * What earnings, withdrawals and the admin back office build on:
 * - `withdrawal_requests`, each reserving its amount with one `withdrawal` row in the ledger;
 * - counter-rows in the ledger: a row with `reverses_id` undoes the row it names (a refund, a payout that
 *   came back); the row it undoes keeps its own status, so the history shows both;
 * - `audit_log`, one row per admin action, written in the action's own transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('withdrawal_requests')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    // 'paypal' (payout_details.email) or 'bank_transfer' (payout_details.iban and .holder)
    .addColumn('method', 'text', (col) => col.notNull().check(sql`method in ('paypal', 'bank_transfer')`))
    .addColumn('payout_details', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'processing', 'completed', 'rejected', 'cancelled', 'failed')`),
    )
    // Which payout driver paid it ('manual', 'paypal') and its reference (transfer reference, batch id)
    .addColumn('payout_provider', 'text')
    .addColumn('payout_reference', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('decided_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index withdrawal_requests_status_idx on withdrawal_requests (status, created_at, id)`.execute(
    db,
  );
  await sql`create index withdrawal_requests_user_idx on withdrawal_requests (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`alter table transactions add constraint transactions_withdrawal_request_fk foreign key (withdrawal_request_id) references withdrawal_requests (id) on delete restrict`.execute(
    db,
  );

  await db.schema
    .alterTable('transactions')
    .addColumn('reverses_id', 'text', (col) => col.references('transactions.id').onDelete('restrict'))
    .execute();
  // Who wrote a row by hand (an admin adjustment or refund) and why
  await db.schema
    .alterTable('transactions')
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('transactions').addColumn('reason', 'text').execute();
  // A row is undone at most once
  await sql`create unique index transactions_one_reversal on transactions (reverses_id) where reverses_id is not null`.execute(
    db,
  );
  // One reservation row per withdrawal request
  await sql`create unique index transactions_one_per_withdrawal on transactions (withdrawal_request_id) where withdrawal_request_id is not null and reverses_id is null`.execute(
    db,
  );
  // The one-row-per-sale and one-bonus rules hold for the rows a sale writes, not for their reversals
  await sql`drop index transactions_one_per_sale`.execute(db);
  await sql`create unique index transactions_one_per_sale on transactions (license_request_id, type) where license_request_id is not null and reverses_id is null`.execute(
    db,
  );
  await sql`drop index transactions_one_referral_bonus`.execute(db);
  await sql`create unique index transactions_one_referral_bonus on transactions (referred_user_id) where type = 'video_license_sale_referral_bonus' and reverses_id is null`.execute(
    db,
  );
  await sql`create index transactions_created_idx on transactions (created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('actor_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    // e.g. 'user.rights', 'user.disable', 'settings.update', 'terms.upload', 'license.quote',
    // 'license.refund', 'withdrawal.pay', 'withdrawal.reject', 'ledger.adjust'
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject_type', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db);
  await sql`create index audit_log_actor_idx on audit_log (actor_id, created_at desc)`.execute(db);
  await sql`create index audit_log_action_idx on audit_log (action, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop index transactions_created_idx`.execute(db);
  await sql`drop index transactions_one_referral_bonus`.execute(db);
  await sql`create unique index transactions_one_referral_bonus on transactions (referred_user_id) where type = 'video_license_sale_referral_bonus'`.execute(
    db,
  );
  await sql`drop index transactions_one_per_sale`.execute(db);
  await sql`create unique index transactions_one_per_sale on transactions (license_request_id, type) where license_request_id is not null`.execute(
    db,
  );
  await sql`drop index transactions_one_per_withdrawal`.execute(db);
  await sql`drop index transactions_one_reversal`.execute(db);
  await db.schema
    .alterTable('transactions')
    .dropColumn('reason')
    .dropColumn('created_by')
    .dropColumn('reverses_id')
    .execute();
  await sql`alter table transactions drop constraint transactions_withdrawal_request_fk`.execute(db);
  await db.schema.dropTable('withdrawal_requests').execute();
}
