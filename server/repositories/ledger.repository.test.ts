import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesFromRows } from '../../common/ledger';
import { createUserRow } from '../../tests/support/factories';
import { createTestDatabase } from '../../tests/support/test-database';
import type { Database } from '../db/connection';
import { ledgerRepository } from './ledger.repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('ledger balances', () => {
  it('computes in SQL what the rule of common/ledger.ts computes from the rows', async () => {
    const { db } = database;
    const userId = await createUserRow(db);
    const now = new Date('2026-11-25T12:00:00Z');
    const past = new Date('2026-10-01T00:00:00Z');
    const future = new Date('2026-12-20T00:00:00Z');
    const insert = (values: {
      type: string;
      status: string;
      amount_cents: number;
      currency?: string;
      available_at?: Date | null;
      reverses_id?: string | null;
    }) =>
      db
        .insertInto('transactions')
        .values({ user_id: userId, currency: 'EUR', available_at: null, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
    await insert({
      type: 'video_license_sale',
      status: 'completed',
      amount_cents: 10000,
      available_at: past,
    });
    const late = await insert({
      type: 'video_license_sale',
      status: 'completed',
      amount_cents: 2500,
      available_at: future,
    });
    await insert({
      type: 'video_license_sale',
      status: 'reverted',
      amount_cents: 2500,
      available_at: future,
      reverses_id: late.id,
    });
    await insert({
      type: 'video_license_sale_referral_bonus',
      status: 'completed',
      amount_cents: 700,
      available_at: future,
    });
    await insert({ type: 'withdrawal', status: 'pending', amount_cents: 6000 });
    await insert({ type: 'withdrawal', status: 'cancelled', amount_cents: 3000 });
    await insert({ type: 'income_transfer', status: 'completed', amount_cents: 150, currency: 'USD' });
    await insert({ type: 'video_license_purchase', status: 'completed', amount_cents: 99999 });

    const fromSql = await ledgerRepository(db).balances(userId, now);
    const rows = await db.selectFrom('transactions').selectAll().where('user_id', '=', userId).execute();
    const fromRule = balancesFromRows(
      rows.map((row) => ({
        type: row.type,
        status: row.status,
        amountCents: Number(row.amount_cents),
        currency: row.currency,
        availableAt: row.available_at,
        reversesId: row.reverses_id,
      })),
      now,
    );
    expect(fromSql).toEqual(fromRule);
    expect(fromSql).toEqual([
      { currency: 'EUR', availableCents: 4000, pendingCents: 700, reservedCents: 6000 },
      { currency: 'USD', availableCents: 150, pendingCents: 0, reservedCents: 0 },
    ]);
  });
});
