import type { FastifyBaseLogger } from 'fastify';
import {
  type PaymentEvent,
  type PaymentProvider,
  PaymentSignatureError,
} from '../../adapters/payments/payment-provider';
import { AppError, notFound } from '../../errors';
import { type Executor, inTransaction, type Tx } from '../../repositories/executor';
import { licensePaymentsRepository } from '../../repositories/license-payments.repository';
import { paymentEventsRepository } from '../../repositories/payment-events.repository';
import { applyToBundle } from './license-bundle-payment-events';
import type { licenseSaleNotifier } from './license-sale-notifier';
import {
  type Applied,
  type EventOutcome,
  recordEvent,
  saleOf,
  type Unwanted,
} from './payment-event-outcomes';

/**
 * The payment provider's webhook (`POST /api/payments/{provider}/webhook`), for Stripe and the sandbox
 * alike: verify, record the event once, and apply it with a compare-and-set on the request's status and
 * checkout session, the ledger rows of a sale included, in one transaction. A bundle's session pays all
 * its clips at once (license-bundle-payment-events.ts).
 */
export function licensePaymentEventsService(deps: {
  db: Executor;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Tells the buyer and the creator, inside the event's transaction (noticeChannelsIn). */
  notifierIn: (trx: Executor) => ReturnType<typeof licenseSaleNotifier>;
}) {
  const { provider, log } = deps;

  async function apply(trx: Tx, event: PaymentEvent): Promise<Applied> {
    const requests = licensePaymentsRepository(trx);
    const found =
      (event.requestId ? await requests.find(event.requestId) : undefined) ??
      (await requests.findBySession(provider.name, event.sessionId));
    const context = { provider: provider.name, log, now: deps.clock };
    if (found?.bundle_id) return applyToBundle(trx, event, found, context);
    // Events of one request take turns from here: the lock comes before the event's row, whose foreign
    // key would otherwise share-lock the request and let two events deadlock on upgrading to this lock.
    const request = found ? await requests.lock(found.id) : undefined;
    const recorded = await recordEvent(trx, provider.name, event, request?.id ?? null);
    if ('duplicate' in recorded) return recorded.duplicate;
    const { settle } = recorded;
    if (!request) {
      log.warn({ event }, 'payment event for no known license request');
      return settle('unknown_request');
    }
    if (request.payment_provider !== provider.name || request.checkout_session_id !== event.sessionId) {
      // A replaced checkout was closed at the provider before its replacement opened, so it cannot have
      // been paid; if a payment in it ever arrives, someone must look at it (and refund it).
      const report = event.type === 'completed' ? log.error.bind(log) : log.warn.bind(log);
      report({ event, current: request.checkout_session_id }, 'payment event of a replaced checkout session');
      return settle('stale_session');
    }
    if (request.status !== 'processing_payment') {
      // The money of a checkout we closed (it expired or failed at our side, or the request was
      // cancelled) buys nothing and goes back; a second word of a payment that completed the request
      // (another event of the same payment) changes nothing.
      const paidTooLate = event.type === 'completed' && request.status !== 'completed';
      if (paidTooLate)
        log.error({ event, status: request.status }, 'payment of a closed checkout: given back');
      return settle(paidTooLate ? 'closed_session' : 'out_of_order');
    }

    if (event.type !== 'completed') {
      return settle((await requests.reopen(request.id, event.sessionId)) ? 'reopened' : 'out_of_order');
    }
    if (
      request.price_cents === null ||
      event.amountCents !== request.price_cents ||
      event.currency !== request.currency
    ) {
      log.error(
        { event, quote: { cents: request.price_cents, currency: request.currency } },
        'payment amount or currency differs from the quote: refused, given back, the request reopened',
      );
      await requests.reopen(request.id, event.sessionId);
      return settle('amount_mismatch');
    }
    const now = deps.clock();
    if (!(await requests.complete(request.id, event.sessionId, now))) return settle('out_of_order');
    const sale = await saleOf(trx, { ...request, price_cents: request.price_cents }, now);
    return settle('completed', { sales: [sale] });
  }

  return {
    /** A delivery to the webhook: `body` is the raw bytes the provider signed (none: an empty body). */
    async receive(
      providerName: string,
      body: unknown,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ received: true; outcome: EventOutcome }> {
      // Only the configured provider has a webhook; the other's address does not exist.
      if (providerName !== provider.name) throw notFound();
      const rawBody = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      let event: PaymentEvent | null;
      try {
        event = provider.parseWebhook(rawBody, headers);
      } catch (error) {
        if (!(error instanceof PaymentSignatureError)) throw error;
        log.warn({ reason: error.message, provider: providerName }, 'payment webhook refused');
        throw new AppError('PAYMENT_SIGNATURE_INVALID', 400);
      }
      if (!event) return { received: true, outcome: 'ignored' };
      const verified = event;
      const applied = await inTransaction(deps.db, async (trx) => {
        const outcome = await apply(trx, verified);
        await tell(trx, outcome);
        return outcome;
      });
      if (applied.giveBack) await giveBackPayment(verified, applied.giveBack);
      return { received: true, outcome: applied.outcome };
    },
  };

  /**
   * Refunds a payment that buys no license. Idempotent at the provider (keyed by the session), so a
   * provider's redelivery after a failure here tries again; until then the event reads as not given back,
   * and the answer is 502, which makes the provider deliver it again.
   */
  async function giveBackPayment(event: PaymentEvent, unwanted: Unwanted) {
    try {
      const { refundId } = await provider.refund(unwanted.refund);
      await paymentEventsRepository(deps.db).setOutcome(provider.name, event.id, unwanted.settled);
      log.warn({ event, refundId }, 'a payment that buys no license was given back');
    } catch (error) {
      log.error({ err: error, event }, 'could not give back a payment that buys no license');
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 502);
    }
  }

  /**
   * The buyer (and on a sale each creator) hear of it in the event's transaction: the mails in the
   * outbox. A bundle's event tells of each clip it moved.
   */
  async function tell(trx: Executor, applied: Applied) {
    if (!['completed', 'reopened', 'amount_mismatch'].includes(applied.outcome)) return;
    const moved = applied.moved ?? (applied.requestId ? [applied.requestId] : []);
    const notifier = deps.notifierIn(trx);
    for (const requestId of moved) await notifier.statusChanged(requestId);
    for (const sale of applied.sales ?? []) await notifier.sold(sale);
  }
}
