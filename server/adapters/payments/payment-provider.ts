/**
 * The payment provider behind the license checkout (DESIGN "payments"): the built-in sandbox (default)
 * or Stripe Checkout. A driver opens a hosted checkout for one license request and turns the provider's
 * webhook into a verified event; what the event does to the request and the ledger is the services' work.
 */
export type PaymentProviderName = 'sandbox' | 'stripe';

export interface CheckoutInput {
  /** The request paid; for a bundle, its first clip (the webhook finds every clip by the session). */
  requestId: string;
  /** The request for several clips (issue 34) this checkout pays at once; absent: one request. */
  bundleId?: string;
  /** Integer cents of `currency`, the quoted price. */
  amountCents: number;
  /** ISO 4217, upper case (EUR). */
  currency: string;
  /** What the buyer sees on the provider's page: the video and the license type. */
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** When the session stops taking payment. */
  expiresAt: Date;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where the buyer's browser goes to pay. */
  url: string;
}

/** A verified event about one checkout session, in the provider's own words reduced to ours. */
export interface PaymentEvent {
  /** The provider's event id: the same event delivered again has the same id. */
  id: string;
  type: 'completed' | 'failed' | 'expired';
  sessionId: string;
  /** The request id the checkout was opened for (the provider echoes our metadata). */
  requestId: string | null;
  amountCents: number;
  currency: string;
}

/**
 * What became of an earlier session when the buyer starts a new checkout: `closed` (it can no longer be
 * paid: expired now or before), or `paid` (it was paid, or a payment in it is under way).
 */
export type PreviousSessionOutcome = 'closed' | 'paid';

/**
 * Giving back the whole payment of one checkout session: a manager's refund of a sale, or a payment that
 * buys no license (another amount than the quote, a replaced checkout's); or, `partial`, one request's
 * part of a payment that paid several (a clip of a bundle, issue 34).
 */
export interface RefundInput {
  requestId: string;
  /** The checkout session that was paid. */
  sessionId: string;
  /** Integer cents of `currency`: what was paid (`partial`: this request's price). */
  amountCents: number;
  currency: string;
  /**
   * The session paid several requests and only this one's part goes back: refunded once per request
   * (not per session), so each clip of a bundle gets its own refund of its own amount.
   */
  partial?: boolean;
}

export interface RefundResult {
  /** The provider's refund id: the same request refunded again answers the same id. */
  refundId: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /** Makes sure an earlier session can no longer be paid before a new one replaces it. */
  closeCheckout(sessionId: string): Promise<PreviousSessionOutcome>;
  /**
   * The verified event of a webhook delivery; null for a genuine event we do not act on (another
   * event type, a completed session whose money has not arrived yet). Throws PaymentSignatureError for
   * a delivery that is not signed by the provider.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | null;
  /**
   * Refunds a session's payment in full (or, `partial`, one request's part of it). Idempotent per
   * session (per session and request when partial): a retry (after a timeout, or a second manager at the
   * same moment) answers the first refund and never returns the money twice.
   * Throws PaymentProviderError when the provider is unreachable or refuses.
   */
  refund(input: RefundInput): Promise<RefundResult>;
}

/** A webhook delivery that is unsigned, forged, stale or malformed: refused, nothing is written. */
export class PaymentSignatureError extends Error {
  constructor(reason: string) {
    super(`Payment webhook refused: ${reason}`);
    this.name = 'PaymentSignatureError';
  }
}

/** The provider could not be reached or refused to open a checkout. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** One header's value, whatever form Node gave it in. */
export function headerOf(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
