import type Stripe from 'stripe';
import {
  headerOf,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  PaymentSignatureError,
} from './payment-provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a local stand-in in tests); Stripe's own by default. */
  apiBase?: string;
}

/** The SDK takes the API address as host, port and protocol. */
function apiAddress(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } as const;
}

type Session = Stripe.Checkout.Session;

/**
 * The request id we put in the session's metadata (and, for one request, as client_reference_id; a
 * bundle's is the bundle's id, so it never stands for a request).
 */
const requestIdOf = (session: Session) =>
  session.metadata?.license_request_id ??
  (session.metadata?.license_bundle_id ? null : session.client_reference_id) ??
  null;

/**
 * Stripe Checkout Sessions (hosted payment page). The amount and currency are the quote's; the request id
 * rides in the metadata; webhooks are verified on the raw body with STRIPE_WEBHOOK_SECRET. Stripe's SDK
 * loads here, when the driver is made: an install on the sandbox never spends a start importing it.
 */
export async function stripePayments(options: StripeOptions): Promise<PaymentProvider> {
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(options.secretKey, {
    ...apiAddress(options.apiBase),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });

  const asEvent = (type: PaymentEvent['type'], eventId: string, session: Session): PaymentEvent => ({
    id: eventId,
    type,
    sessionId: session.id,
    requestId: requestIdOf(session),
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
  });

  return {
    name: 'stripe',
    async createCheckout(input) {
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          // A bundle's session pays each of its clips; its events are matched by the session, whose
          // first clip the metadata names beside the bundle.
          metadata: {
            license_request_id: input.requestId,
            ...(input.bundleId && { license_bundle_id: input.bundleId }),
          },
          client_reference_id: input.bundleId ?? input.requestId,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          ...(input.customerEmail && { customer_email: input.customerEmail }),
        });
        if (!session.url) throw new Error('Stripe answered a session without a URL');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw new PaymentProviderError('Stripe did not open a checkout session', { cause: error });
      }
    },
    async closeCheckout(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'expired') return 'closed';
        if (session.status === 'complete') return 'paid';
        const expired = await stripe.checkout.sessions.expire(sessionId);
        return expired.status === 'complete' ? 'paid' : 'closed';
      } catch (error) {
        throw new PaymentProviderError('Stripe did not close the earlier checkout session', { cause: error });
      }
    },
    async refund(input) {
      try {
        // A Checkout Session is paid through its PaymentIntent: that is what a refund names.
        const session = await stripe.checkout.sessions.retrieve(input.sessionId);
        const paymentIntent =
          typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        if (!paymentIntent) throw new Error('the session has no payment intent');
        /** A refund of this payment that went through: this request's own, when only a part goes back. */
        const earlier = async () => {
          const list = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
          return list.data.find(
            (refund) =>
              refund.status !== 'failed' &&
              refund.status !== 'canceled' &&
              (!input.partial || refund.metadata?.license_request_id === input.requestId),
          );
        };
        // Stripe keeps an idempotency key 24 hours, and a payment refunded in part takes more refunds:
        // a later retry of a part that went back finds it by the request it names.
        const done = input.partial ? await earlier() : undefined;
        if (done) return { refundId: done.id };
        try {
          const refund = await stripe.refunds.create(
            {
              payment_intent: paymentIntent,
              amount: input.amountCents,
              metadata: { license_request_id: input.requestId },
            },
            // One refund per paid session (a request is paid in one; a payment that buys nothing is
            // given back per session too), or per request of a session that paid several: Stripe
            // answers a retry with the same key the first refund's result instead of refunding again.
            {
              idempotencyKey: `license-refund-${input.sessionId}${input.partial ? `-${input.requestId}` : ''}`,
            },
          );
          if (refund.status === 'failed' || refund.status === 'canceled') {
            throw new Error(`the refund is ${refund.status}`);
          }
          return { refundId: refund.id };
        } catch (error) {
          // A later retry of a refund that went through in full is refused as already refunded, and
          // that earlier refund is the answer.
          if ((error as { code?: string }).code !== 'charge_already_refunded') throw error;
          const found = await earlier();
          if (!found) throw error;
          return { refundId: found.id };
        }
      } catch (error) {
        throw new PaymentProviderError('Stripe did not refund the payment', { cause: error });
      }
    },
    parseWebhook(rawBody, headers) {
      const signature = headerOf(headers, 'stripe-signature');
      if (!signature) throw new PaymentSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new PaymentSignatureError('bad Stripe signature');
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object as Session;
          // A delayed method (bank debit) completes the session before the money arrives: wait for it.
          return session.payment_status === 'paid' ? asEvent('completed', event.id, session) : null;
        }
        case 'checkout.session.async_payment_failed':
          return asEvent('failed', event.id, event.data.object as Session);
        case 'checkout.session.expired':
          return asEvent('expired', event.id, event.data.object as Session);
        default:
          return null;
      }
    },
  };
}
