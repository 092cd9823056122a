import { type Kysely, sql } from 'kysely';

/**
 * A checkout session expires (docs/money.md, "A checkout that is left"): the request keeps when, so the
 * sandbox refuses a late payment and a sweep gives an expired checkout's request back to the buyer to pay
 * again. A checkout open today gets an hour from its last change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('license_requests').addColumn('checkout_expires_at', 'timestamptz').execute();
  await sql`update license_requests set checkout_expires_at = updated_at + interval '1 hour'
    where status = 'processing_payment'`.execute(db);
  await db.schema
    .createIndex('license_requests_checkout_expires_at')
    .on('license_requests')
    .column('checkout_expires_at')
    .where(sql.ref('status'), '=', 'processing_payment')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('license_requests_checkout_expires_at').execute();
  await db.schema.alterTable('license_requests').dropColumn('checkout_expires_at').execute();
}
