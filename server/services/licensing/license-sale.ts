import type { Tx } from '../../repositories/executor';
import { ledgerRepository, lockUserLedger } from '../../repositories/ledger.repository';
import {
  type LicensePaymentRow,
  licensePaymentsRepository,
} from '../../repositories/license-payments.repository';

/** A day of withdrawal delay: whole 24-hour days from the sale, as the other limits count them. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A percentage of a price in integer cents, rounded down: the platform keeps the fraction of a cent,
 * so the creator's and referrer's rows never add up to more than was paid (50% of 4,999 is 2,499).
 */
export function shareOf(priceCents: number, percent: number): number {
  return Math.floor((priceCents * percent) / 100);
}

export interface SaleRows {
  purchaseCents: number;
  creatorCents: number;
  /** Null when this is not the creator's first sale, or they have no referrer. */
  referralBonusCents: number | null;
  /** Who got the referral bonus (with `referralBonusCents`). */
  referrerId: string | null;
  /** When the creator's share (and the bonus) may be withdrawn. */
  availableAt: Date;
}

/**
 * The ledger rows of a completed sale, written in the caller's transaction (the one that moved the
 * request to `completed`): the buyer's purchase, the creator's share (withdrawable after the withdrawal
 * delay), and on the creator's first sale the referrer's bonus, paid by the platform, once ever.
 */
export async function recordSale(
  trx: Tx,
  request: LicensePaymentRow & { price_cents: number },
  parties: { referrerId: string | null },
  now: Date,
): Promise<SaleRows> {
  const ledger = ledgerRepository(trx);
  const price = request.price_cents;
  const base = { currency: request.currency, licenseRequestId: request.id };
  // Withdrawable after the delay, and never while the sale can still be refunded (docs/money.md): the
  // settings keep the delay at least the window, but this request may have been made under a longer one.
  const delayDays = Math.max(await ledger.withdrawalDelayDays(), request.refund_window_days);
  const availableAt = new Date(now.getTime() + delayDays * DAY_MS);

  await ledger.add({ ...base, userId: request.buyer_id, type: 'video_license_purchase', amountCents: price });
  const creatorCents = shareOf(price, request.creator_share_percent);
  if (creatorCents > 0) {
    await ledger.add({
      ...base,
      userId: request.creator_id,
      type: 'video_license_sale',
      amountCents: creatorCents,
      availableAt,
    });
  }

  let referralBonusCents: number | null = null;
  // The settings keep share plus bonus at most 100 %; a request made before that rule may not have.
  const bonus = Math.min(shareOf(price, request.referral_bonus_percent), price - creatorCents);
  if (parties.referrerId && bonus > 0 && !(await ledger.hasEarlierSale(request.creator_id, request.id))) {
    const wrote = await ledger.addReferralBonusOnce({
      ...base,
      userId: parties.referrerId,
      type: 'video_license_sale_referral_bonus',
      amountCents: bonus,
      referredUserId: request.creator_id,
      availableAt,
    });
    if (wrote) referralBonusCents = bonus;
  }
  return {
    purchaseCents: price,
    creatorCents,
    referralBonusCents,
    referrerId: referralBonusCents === null ? null : parties.referrerId,
    availableAt,
  };
}

/**
 * Undoes a completed sale in the caller's transaction, which holds the request's lock (a refund): the
 * request is marked refunded and each of exactly this sale's rows (the purchase, the creator's share, a
 * referral bonus it earned; never a counter-row nor another sale's) gets its counter-row. Null when the
 * request was no longer completed (refunded meanwhile); else the rows it undid.
 */
export async function reverseSale(
  trx: Tx,
  requestId: string,
  refund: { by: string; at: Date; reason: string; reference: string },
) {
  const ledger = ledgerRepository(trx);
  const rows = (await ledger.forRequest(requestId)).filter(
    (row) => row.reverses_id === null && row.status === 'completed',
  );
  // The balances these rows feed are serialised per user (withdrawals take the same lock); in id order,
  // so two refunds touching the same people never wait on each other crosswise.
  for (const userId of [...new Set(rows.map((row) => row.user_id))].sort()) {
    await lockUserLedger(trx, userId);
  }
  if (!(await licensePaymentsRepository(trx).markRefunded(requestId, refund))) return null;
  for (const row of rows) await ledger.addReversal(row.id, { createdBy: refund.by, reason: refund.reason });
  return rows;
}
