import { expect, it } from 'vitest';
import { balancesFromRows } from '../../../common/ledger';
import type { StatementRow } from '../../repositories/statements.repository';
import { buildStatement } from './monthly-statement';

const from = new Date('2026-10-01T00:00:00Z');
const until = new Date('2026-11-01T00:00:00Z');
let sequence = 0;
const row = (values: Partial<StatementRow> & Pick<StatementRow, 'type' | 'amount_cents' | 'created_at'>) =>
  ({
    id: String(++sequence),
    status: 'completed',
    currency: 'EUR',
    available_at: null,
    reverses_id: null,
    license_request_id: null,
    created_by: null,
    reason: null,
    video_title: null,
    ...values,
  }) as StatementRow;

const rows = [
  row({ type: 'video_license_sale', amount_cents: 12_000, created_at: new Date('2026-09-20T10:00:00Z') }),
  row({
    type: 'video_license_sale',
    amount_cents: 4_990,
    created_at: new Date('2026-10-05T10:00:00Z'),
    available_at: new Date('2026-11-04T10:00:00Z'),
  }),
  row({
    type: 'video_license_sale_referral_bonus',
    amount_cents: 490,
    created_at: new Date('2026-10-06T10:00:00Z'),
  }),
  row({
    type: 'video_license_sale',
    amount_cents: 12_000,
    created_at: new Date('2026-10-09T10:00:00Z'),
    reverses_id: '1',
    status: 'reverted',
  }),
  row({
    type: 'withdrawal',
    amount_cents: 5_000,
    created_at: new Date('2026-10-12T10:00:00Z'),
    status: 'pending',
  }),
  row({
    type: 'withdrawal',
    amount_cents: 3_000,
    created_at: new Date('2026-10-14T10:00:00Z'),
    status: 'cancelled',
  }),
  row({
    type: 'outgoing_transfer',
    amount_cents: 700,
    created_at: new Date('2026-10-20T10:00:00Z'),
    reason: 'Fee',
  }),
  row({
    type: 'income_transfer',
    amount_cents: 2_000,
    currency: 'USD',
    created_at: new Date('2026-08-01T10:00:00Z'),
  }),
];

it('sorts the month’s rows into sections, signed as the ledger counts them, and closes as the ledger does', () => {
  const [eur, usd] = buildStatement(rows, '2026-10', from, until).currencies;
  expect(eur?.openingCents).toBe(12_000);
  expect(
    eur?.sections.map((section) => [section.section, section.lines.map((line) => line.effectCents)]),
  ).toEqual([
    ['sales', [4_990]],
    ['referralBonuses', [490]],
    ['refunds', [-12_000]],
    // A released reservation is listed and moves nothing.
    ['withdrawals', [-5_000, 0]],
    ['adjustments', [-700]],
  ]);
  expect(eur?.sections.find((section) => section.section === 'adjustments')?.lines[0]?.reason).toBe('Fee');
  const ledger = balancesFromRows(
    rows
      .filter((entry) => entry.currency === 'EUR')
      .map((entry) => ({
        type: entry.type,
        status: entry.status,
        amountCents: entry.amount_cents,
        currency: entry.currency,
        availableAt: entry.available_at && new Date(entry.available_at),
        reversesId: entry.reverses_id,
      })),
    until,
  )[0]!;
  expect(eur?.closingCents).toBe(ledger.availableCents + ledger.pendingCents);
  expect(eur?.closingCents).toBe(12_000 + 4_990 + 490 - 12_000 - 5_000 - 700);
  expect(eur?.pendingCents).toBe(4_990);
  // A currency the month did not touch still shows the balance it holds.
  expect(usd).toMatchObject({ currency: 'USD', openingCents: 2_000, sections: [], closingCents: 2_000 });
});

it('a member whose balance never moved and holds nothing has an empty statement', () => {
  const settled = [
    row({
      type: 'withdrawal',
      amount_cents: 1_000,
      created_at: new Date('2026-09-01T10:00:00Z'),
      status: 'cancelled',
    }),
  ];
  expect(buildStatement(settled, '2026-10', from, until).currencies).toEqual([]);
});
