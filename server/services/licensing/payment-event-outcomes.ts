import type { PaymentEvent, RefundInput } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../repositories/executor';
import {
  type LicensePaymentRow,
  licensePaymentsRepository,
} from '../../repositories/license-payments.repository';
import { paymentEventsRepository } from '../../repositories/payment-events.repository';
import { recordSale, type SaleRows } from './license-sale';

/**
 * What a verified event did: `completed` and `reopened` changed the request (or a bundle's clips); every
 * other outcome changed nothing (`duplicate`: delivered before; `out_of_order`: the request is past that
 * point; `stale_session`: an event of a checkout that was replaced; `closed_session`: a payment of the
 * request's checkout that arrived after we closed it (expired, failed, or the request cancelled);
 * `amount_mismatch`: paid something else than the quote, and the request went back to awaiting payment;
 * `unknown_request`). A payment we hold no license for (a replaced or closed checkout's, or one of another
 * amount) is given back: its event's outcome then reads `…_refunded`.
 */
export type EventOutcome =
  | 'ignored'
  | 'duplicate'
  | 'unknown_request'
  | 'stale_session'
  | 'closed_session'
  | 'out_of_order'
  | 'amount_mismatch'
  | 'completed'
  | 'reopened';

/**
 * Money a provider took that buys no license: given back after the transaction that found it, and the
 * event's outcome then set to `settled`.
 */
export type Unwanted = { refund: RefundInput; settled: string };

/**
 * One clip's (or one request's) sale, as its ledger rows were written: the creator gets a receipt of their
 * share, and the referrer one of a bonus it paid.
 */
export type Sale = SaleRows & { requestId: string };

export type Applied = {
  outcome: EventOutcome;
  requestId?: string;
  /** The requests whose status moved (a bundle's clips); absent: `requestId` alone, if it moved. */
  moved?: string[];
  sales?: Sale[];
  giveBack?: Unwanted;
};

/** The outcomes of a completed payment that buys no license. */
const GIVEN_BACK: Partial<Record<EventOutcome, string>> = {
  stale_session: 'stale_session_refunded',
  closed_session: 'closed_session_refunded',
  amount_mismatch: 'amount_mismatch_refunded',
};

/**
 * Records the event once (the primary key on the provider's event id makes a replay a `duplicate`) for
 * the request it names, and hands back how to settle its outcome. A completed payment that buys no license
 * is given back in whole, keyed by its session: on its first delivery, and again on a redelivery while not
 * given back yet.
 */
export async function recordEvent(
  trx: Tx,
  provider: string,
  event: PaymentEvent,
  requestId: string | null,
): Promise<
  { duplicate: Applied } | { settle: (outcome: EventOutcome, extra?: Partial<Applied>) => Promise<Applied> }
> {
  const events = paymentEventsRepository(trx);
  const fresh = await events.record({
    provider,
    eventId: event.id,
    type: event.type,
    licenseRequestId: requestId,
    outcome: 'received',
  });
  const giveBack = (outcome: string): Unwanted | undefined => {
    const settled = GIVEN_BACK[outcome as EventOutcome];
    if (!requestId || event.type !== 'completed' || !settled) return undefined;
    const { sessionId, amountCents, currency } = event;
    return { refund: { requestId, sessionId, amountCents, currency }, settled };
  };
  const found = requestId ?? undefined;
  if (!fresh) {
    const earlier = await events.outcomeOf(provider, event.id);
    return { duplicate: { outcome: 'duplicate', requestId: found, giveBack: giveBack(earlier ?? '') } };
  }
  return {
    settle: async (outcome, extra = {}) => {
      await events.setOutcome(provider, event.id, outcome);
      return { outcome, requestId: found, giveBack: giveBack(outcome), ...extra };
    },
  };
}

/** A completed request's ledger rows: the buyer's purchase, its creator's share, their referrer's bonus. */
export async function saleOf(
  trx: Tx,
  request: LicensePaymentRow & { price_cents: number },
  now: Date,
): Promise<Sale> {
  const people = await licensePaymentsRepository(trx).people(request.buyer_id, request.creator_id);
  const creator = people.find((person) => person.id === request.creator_id);
  const sale = await recordSale(trx, request, { referrerId: creator?.referrer_id ?? null }, now);
  return { requestId: request.id, ...sale };
}
