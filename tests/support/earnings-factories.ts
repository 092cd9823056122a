import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';

/**
 * Money rows as the services leave them, for tests of the back office: the member side (requesting a
 * withdrawal) is another service's, so these write the same shape it writes.
 */

/** A completed credit of a user, available now (an earning past the withdrawal delay). */
export async function creditUser(
  db: Kysely<DB>,
  userId: string,
  amountCents: number,
  options: { currency?: string; type?: string; availableAt?: Date | null } = {},
): Promise<string> {
  const row = await db
    .insertInto('transactions')
    .values({
      user_id: userId,
      type: options.type ?? 'income_transfer',
      status: 'completed',
      amount_cents: amountCents,
      currency: options.currency ?? 'EUR',
      available_at: options.availableAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A pending withdrawal request and its reservation (a `withdrawal` ledger row, pending). */
export async function createWithdrawalRequest(
  db: Kysely<DB>,
  userId: string,
  options: {
    amountCents?: number;
    currency?: string;
    method?: 'paypal' | 'bank_transfer';
    details?: Record<string, string>;
    createdAt?: Date;
  } = {},
): Promise<string> {
  const amount = options.amountCents ?? 6000;
  const currency = options.currency ?? 'EUR';
  const method = options.method ?? 'paypal';
  const details =
    options.details ??
    (method === 'paypal'
      ? { email: 'payee@example.com' }
      : { iban: 'GR1601101250000000012300695', holder: 'Eleni Papadopoulou' });
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .insertInto('withdrawal_requests')
      .values({
        user_id: userId,
        amount_cents: amount,
        currency,
        method,
        payout_details: JSON.stringify(details),
        ...(options.createdAt && { created_at: options.createdAt, updated_at: options.createdAt }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('transactions')
      .values({
        user_id: userId,
        type: 'withdrawal',
        status: 'pending',
        amount_cents: amount,
        currency,
        withdrawal_request_id: request.id,
      })
      .execute();
    return request.id;
  });
}
