import type { FastifyBaseLogger } from 'fastify';
import {
  type PaymentEvent,
  type PaymentProvider,
  PaymentSignatureError,
  type RefundInput,
} from '../../adapters/payments/payment-provider';
import { AppError, notFound } from '../../errors';
import { type Executor, inTransaction, type Tx } from '../../repositories/executor';
import { licensePaymentsRepository } from '../../repositories/license-payments.repository';
import { paymentEventsRepository } from '../../repositories/payment-events.repository';
import { recordSale } from './license-sale';
import type { licenseSaleNotifier } from './license-sale-notifier';

/**
 * What a verified event did: `completed` and `reopened` changed the request; every other outcome changed
 * nothing (`duplicate`: delivered before; `out_of_order`: the request is past that point;
 * `stale_session`: an event of a checkout that was replaced; `amount_mismatch`: paid something else than
 * the quote, and the request went back to awaiting payment; `unknown_request`). A payment we hold no
 * license for (a replaced checkout's, or one of another amount) is given back: its event's outcome then
 * reads `…_refunded`.
 */
export type EventOutcome =
  | 'ignored'
  | 'duplicate'
  | 'unknown_request'
  | 'stale_session'
  | 'out_of_order'
  | 'amount_mismatch'
  | 'completed'
  | 'reopened';

/**
 * Money a provider took that buys no license: given back after the transaction that found it, and the
 * event's outcome then set to `settled`.
 */
type Unwanted = { refund: RefundInput; settled: string };
type Applied = { outcome: EventOutcome; requestId?: string; creatorCents?: number; giveBack?: Unwanted };

/** The outcomes of a completed payment that buys no license. */
const GIVEN_BACK: Partial<Record<EventOutcome, string>> = {
  stale_session: 'stale_session_refunded',
  amount_mismatch: 'amount_mismatch_refunded',
};

/**
 * The payment provider's webhook (`POST /api/payments/{provider}/webhook`), for Stripe and the sandbox
 * alike: verify, record the event once, and apply it with a compare-and-set on the request's status and
 * checkout session, the ledger rows of a sale included, in one transaction.
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
    const events = paymentEventsRepository(trx);
    const found =
      (event.requestId ? await requests.find(event.requestId) : undefined) ??
      (await requests.findBySession(provider.name, event.sessionId));
    // Events of one request take turns from here: the lock comes before the event's row, whose foreign
    // key would otherwise share-lock the request and let two events deadlock on upgrading to this lock.
    const request = found ? await requests.lock(found.id) : undefined;
    const fresh = await events.record({
      provider: provider.name,
      eventId: event.id,
      type: event.type,
      licenseRequestId: request?.id ?? null,
      outcome: 'received',
    });
    // A payment to give back: on its first delivery, and again on a redelivery while not given back yet.
    const giveBack = (outcome: string): Unwanted | undefined => {
      const settled = GIVEN_BACK[outcome as EventOutcome];
      if (!request || event.type !== 'completed' || !settled) return undefined;
      const { sessionId, amountCents, currency } = event;
      return { refund: { requestId: request.id, sessionId, amountCents, currency }, settled };
    };
    if (!fresh) {
      const earlier = await events.outcomeOf(provider.name, event.id);
      return { outcome: 'duplicate', requestId: request?.id, giveBack: giveBack(earlier ?? '') };
    }
    const settle = async (outcome: EventOutcome, extra: Omit<Applied, 'outcome'> = {}): Promise<Applied> => {
      await events.setOutcome(provider.name, event.id, outcome);
      return { outcome, requestId: request?.id, giveBack: giveBack(outcome), ...extra };
    };
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
    if (request.status !== 'processing_payment') return settle('out_of_order');

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
    const people = await requests.people(request.buyer_id, request.creator_id);
    const creator = people.find((person) => person.id === request.creator_id);
    const sale = await recordSale(
      trx,
      { ...request, price_cents: request.price_cents },
      { referrerId: creator?.referrer_id ?? null },
      now,
    );
    return settle('completed', { creatorCents: sale.creatorCents });
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

  /** The buyer (and on a sale the creator) hear of it in the event's transaction: the mails in the outbox. */
  async function tell(trx: Executor, applied: Applied) {
    const { requestId } = applied;
    if (!requestId || !['completed', 'reopened', 'amount_mismatch'].includes(applied.outcome)) return;
    const notifier = deps.notifierIn(trx);
    await notifier.statusChanged(requestId);
    if (applied.outcome === 'completed') await notifier.sold(requestId, applied.creatorCents ?? 0);
  }
}
