import { type Kysely, sql } from 'kysely';

/**
 * One licence request for several clips (issue 34): a bundle groups ordinary license requests, one per
 * clip (each with its own price, shares and ledger rows), asked for together from a collection with one
 * usage and one billing address, discussed in one conversation and paid in one checkout. The clips of a
 * bundle in checkout share its session, so a session is unique only among requests outside a bundle.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('license_bundles')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('collection_id', 'text', (c) => c.references('collections.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index license_bundles_buyer on license_bundles (buyer_id, created_at desc)`.execute(db);
  await db.schema
    .alterTable('license_requests')
    .addColumn('bundle_id', 'text', (c) => c.references('license_bundles.id').onDelete('restrict'))
    .execute();
  await sql`create index license_requests_bundle on license_requests (bundle_id) where bundle_id is not null`.execute(
    db,
  );
  await sql`drop index license_requests_checkout_session`.execute(db);
  await sql`create unique index license_requests_checkout_session on license_requests (payment_provider, checkout_session_id)
    where checkout_session_id is not null and bundle_id is null`.execute(db);
  await sql`create index license_requests_bundle_session on license_requests (payment_provider, checkout_session_id)
    where checkout_session_id is not null and bundle_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists license_requests_bundle_session`.execute(db);
  await sql`drop index if exists license_requests_checkout_session`.execute(db);
  await db.schema.alterTable('license_requests').dropColumn('bundle_id').execute();
  await sql`create unique index license_requests_checkout_session on license_requests (payment_provider, checkout_session_id) where checkout_session_id is not null`.execute(
    db,
  );
  await db.schema.dropTable('license_bundles').ifExists().execute();
}
