import { type Kysely, sql } from 'kysely';

/**
 * Each licence request keeps the refund window it was made under, as it keeps its price and shares
 * (docs/money.md): a later change of the setting neither reopens nor shortens the refund of a sale whose
 * earnings became withdrawable on the old terms. Existing requests take the window set today.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('license_requests').addColumn('refund_window_days', 'integer').execute();
  await sql`update license_requests set refund_window_days = coalesce(
      (select (value #>> '{}')::integer from app_settings where key = 'refund_window_days'), 14)`.execute(db);
  await db.schema
    .alterTable('license_requests')
    .alterColumn('refund_window_days', (col) => col.setNotNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('license_requests').dropColumn('refund_window_days').execute();
}
