import type { FastifyBaseLogger } from 'fastify';
import {
  type CheckoutInput,
  type PaymentProvider,
  PaymentProviderError,
} from '../../adapters/payments/payment-provider';
import { AppError } from '../../errors';

/** How long a checkout session takes payment (Stripe allows 30 minutes to 24 hours). */
export const CHECKOUT_MINUTES = 60;

export const unavailable = (error: unknown) => {
  if (error instanceof PaymentProviderError) return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 502);
  return error;
};

/**
 * What a checkout does at the provider, for one request and for a bundle's clips alike: close the
 * earlier session first (it can never be paid next to the new one; a session already paid, or whose
 * payment is under way, is 409 PAYMENT_IN_PROGRESS and its event settles it), open the new one for
 * CHECKOUT_MINUTES, and close a new one that lost the race to another click (best effort).
 */
export function checkoutSessions(deps: {
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  clock: () => Date;
}) {
  const { provider } = deps;
  return {
    /** Closes the earlier sessions of the provider in use; other providers' sessions are long gone. */
    async closeEarlier(sessions: Iterable<{ provider: string | null; sessionId: string | null }>) {
      for (const { provider: name, sessionId } of sessions) {
        if (!sessionId || name !== provider.name) continue;
        const outcome = await provider.closeCheckout(sessionId).catch((error) => {
          throw unavailable(error);
        });
        if (outcome === 'paid') throw new AppError('PAYMENT_IN_PROGRESS', 409);
      }
    },

    /** A new session taking payment until the answer's `expiresAt`. */
    async open(input: Omit<CheckoutInput, 'expiresAt'>) {
      const expiresAt = new Date(deps.clock().getTime() + CHECKOUT_MINUTES * 60_000);
      const session = await provider.createCheckout({ ...input, expiresAt }).catch((error) => {
        throw unavailable(error);
      });
      return { ...session, expiresAt };
    },

    /** Another click won the race: this session is never used, so it is closed, and the caller told. */
    async lostRace(sessionId: string, context: Record<string, unknown>): Promise<never> {
      await provider.closeCheckout(sessionId).catch((error: unknown) => {
        deps.log.warn({ err: error, ...context }, 'could not close an unused checkout session');
      });
      throw new AppError('PAYMENT_IN_PROGRESS', 409);
    },
  };
}
