import type { Kysely } from 'kysely';

/**
 * A licence manager can refund a completed sale within the refund window (DESIGN "Rights"): the request
 * goes to `cancelled` and keeps who refunded it, when, why, and the payment provider's refund id.
 * `refunded_at` set is what tells a refunded request from one cancelled before payment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('license_requests')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('refunded_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('refund_reason', 'text')
    .addColumn('refund_reference', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('license_requests')
    .dropColumn('refund_reference')
    .dropColumn('refund_reason')
    .dropColumn('refunded_by')
    .dropColumn('refunded_at')
    .execute();
}
