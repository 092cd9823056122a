import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../repositories/executor';
import {
  type LicensePaymentRow,
  licensePaymentsRepository,
} from '../../repositories/license-payments.repository';
import { type Applied, recordEvent, type Sale, saleOf } from './payment-event-outcomes';

/**
 * A provider's event about a bundle's checkout session (issue 34), in the webhook's transaction: every
 * clip of the bundle is locked in id order (as the checkout locks them) before the event's row is written,
 * and the event is applied to the clips that are in that session, all or none. A completed payment must
 * be exactly their total, in their currency: then each clip is completed and its sale recorded (each
 * creator their share of their clip's price, each creator's referrer their bonus on that creator's first
 * sale); any other amount reopens them all and is given back whole. A failed or expired session reopens
 * them all.
 */
export async function applyToBundle(
  trx: Tx,
  event: PaymentEvent,
  found: LicensePaymentRow,
  context: { provider: string; log: FastifyBaseLogger; now: () => Date },
): Promise<Applied> {
  const { provider, log } = context;
  const payments = licensePaymentsRepository(trx);
  const clips = await payments.lockBundle(found.bundle_id as string);
  const recorded = await recordEvent(trx, provider, event, found.id);
  if ('duplicate' in recorded) return recorded.duplicate;
  const { settle } = recorded;
  const carrying = clips.filter(
    (clip) => clip.payment_provider === provider && clip.checkout_session_id === event.sessionId,
  );
  if (carrying.length === 0) {
    const report = event.type === 'completed' ? log.error.bind(log) : log.warn.bind(log);
    report({ event, bundleId: found.bundle_id }, 'payment event of a replaced checkout session of a bundle');
    return settle('stale_session');
  }
  const inSession = carrying.filter((clip) => clip.status === 'processing_payment');
  if (inSession.length === 0) {
    // As for one request: a payment of a checkout we closed goes back, unless it completed the clips.
    const paidTooLate = event.type === 'completed' && !carrying.some((clip) => clip.status === 'completed');
    if (paidTooLate)
      log.error({ event, bundleId: found.bundle_id }, 'payment of a closed bundle checkout: given back');
    return settle(paidTooLate ? 'closed_session' : 'out_of_order');
  }
  if (event.type !== 'completed') {
    const moved = await payments.reopenSession(provider, event.sessionId);
    return settle(moved.length > 0 ? 'reopened' : 'out_of_order', { moved });
  }
  const total = inSession.reduce((sum, clip) => sum + (clip.price_cents ?? 0), 0);
  const priced = inSession.every((clip) => clip.price_cents !== null && clip.currency === event.currency);
  if (!priced || event.amountCents !== total) {
    log.error(
      { event, quote: { cents: total, currency: found.currency, clips: inSession.length } },
      "payment differs from the bundle's total: refused, given back, its clips reopened",
    );
    const moved = await payments.reopenSession(provider, event.sessionId);
    return settle('amount_mismatch', { moved });
  }
  const now = context.now();
  const sales: Sale[] = [];
  for (const clip of inSession) {
    // Locked above and in this session: the compare-and-set cannot miss.
    if (!(await payments.complete(clip.id, event.sessionId, now))) throw new Error('a locked clip moved');
    sales.push(await saleOf(trx, { ...clip, price_cents: clip.price_cents as number }, now));
  }
  return settle('completed', { moved: inSession.map((clip) => clip.id), sales });
}
