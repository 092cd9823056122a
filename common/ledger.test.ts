import { describe, expect, it } from 'vitest';
import { balancesFromRows, type LedgerRowForBalance } from './ledger';

const now = new Date('2026-11-25T12:00:00Z');
const past = new Date('2026-10-01T00:00:00Z');
const future = new Date('2026-12-20T00:00:00Z');
const row = (over: Partial<LedgerRowForBalance>): LedgerRowForBalance => ({
  type: 'video_license_sale',
  status: 'completed',
  amountCents: 10000,
  currency: 'EUR',
  availableAt: past,
  reversesId: null,
  ...over,
});

describe('the balance rule', () => {
  it('splits earnings by the withdrawal delay and takes open withdrawals out of available', () => {
    const [eur] = balancesFromRows(
      [
        row({}),
        row({ availableAt: future, amountCents: 2500 }),
        row({ type: 'withdrawal', status: 'pending', amountCents: 6000, availableAt: null }),
        row({ type: 'video_license_purchase', amountCents: 99999 }),
      ],
      now,
    );
    expect(eur).toEqual({ currency: 'EUR', availableCents: 4000, pendingCents: 2500, reservedCents: 6000 });
  });

  it('releases a cancelled withdrawal and a failed payout, and a counter-row undoes its row', () => {
    const [eur] = balancesFromRows(
      [
        row({}),
        row({ type: 'withdrawal', status: 'cancelled', amountCents: 6000 }),
        row({ type: 'withdrawal', status: 'reverted', amountCents: 6000 }),
        row({ availableAt: future, amountCents: 2500 }),
        row({ availableAt: future, amountCents: 2500, status: 'reverted', reversesId: 'x' }),
      ],
      now,
    );
    expect(eur).toEqual({ currency: 'EUR', availableCents: 10000, pendingCents: 0, reservedCents: 0 });
  });

  it('shows a debt when a refund takes back earnings already withdrawn', () => {
    const [eur] = balancesFromRows(
      [
        row({}),
        row({ type: 'withdrawal', status: 'completed', amountCents: 10000 }),
        row({ status: 'reverted', reversesId: 'sale' }),
      ],
      now,
    );
    expect(eur?.availableCents).toBe(-10000);
  });
});
