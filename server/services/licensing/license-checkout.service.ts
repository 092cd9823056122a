import type { FastifyBaseLogger } from 'fastify';
import type { LicensePayment, SandboxSignedEvent } from '../../../common/contracts/license-payments';
import { pathOf } from '../../../common/endpoint';
import { paymentsEndpoints } from '../../../common/endpoints/payments';
import { buildPath, ROUTES } from '../../../common/routes';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { SandboxPayments } from '../../adapters/payments/sandbox-payments';
import type { Storage } from '../../adapters/storage/storage';
import { AppError, notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { canPay, isBuyer } from '../../policies/license-payment.policy';
import { type Executor, inTransaction } from '../../repositories/executor';
import { licensePaymentsRepository } from '../../repositories/license-payments.repository';
import { checkoutSessions } from './checkout-sessions';
import { licenseTypeName } from './license-snapshot';
import { presentPayment } from './payment-presenter';

type Buyer = Pick<CallerFacts, 'id' | 'rights'> & { email: string };

/**
 * How long after its expiry a checkout is given back to the buyer: a payment the provider took at the
 * last moment reaches us by webhook within this time (and the provider is asked before, in any case).
 */
const EXPIRY_GRACE_MS = 5 * 60_000;

/**
 * Going to checkout (SPEC 2.1 `/me/licenses/{id}/pay`, 4.2): the buyer of a priced request gets a
 * provider checkout and the request becomes `processing_payment`.
 *
 * Paying again while `processing_payment` is allowed: a buyer who closed the payment tab must not be
 * stuck. The earlier session is closed at the provider first (Stripe: expired), so it can never be paid
 * next to the new one; if it was paid already, or its payment is under way, the answer is 409
 * PAYMENT_IN_PROGRESS and the provider's event settles it. The newest session is the only one whose
 * events count.
 *
 * A session takes payment for CHECKOUT_MINUTES (Stripe's `expires_at`; the sandbox refuses a later Pay).
 * `expireCheckouts` then gives the request back to the buyer to pay again, once the provider confirms the
 * session can no longer be paid.
 */
export function licenseCheckoutService(deps: {
  db: Executor;
  provider: PaymentProvider;
  /** Where the video's thumbnail is served from, for the pay page. */
  storage: Storage;
  publicUrl: string;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Tells the buyer's open pages that the request moved, inside the transaction that moves it. */
  statusChangedIn: (trx: Executor) => (requestId: string) => Promise<void>;
}) {
  const { provider } = deps;
  const requests = licensePaymentsRepository(deps.db);
  const sessions = checkoutSessions(deps);

  /** The caller's own request; anyone else's is "not found". */
  const own = async (caller: Pick<CallerFacts, 'id'>, requestId: string) => {
    const request = await requests.find(requestId);
    if (!request || !isBuyer(caller, { buyerId: request.buyer_id, status: request.status })) throw notFound();
    return request;
  };

  /**
   * The sandbox's own session: only while the sandbox is the provider, and only to its buyer. A bundle's
   * session pays its clips (`clips`, not cancelled; `request` is the first of them).
   */
  const sandboxSession = async (caller: Pick<CallerFacts, 'id'>, sessionId: string) => {
    if (provider.name !== 'sandbox') throw notFound();
    const found = await requests.findBySession('sandbox', sessionId);
    if (!found || found.buyer_id !== caller.id) throw notFound();
    if (found.bundle_id === null) return { request: found, clips: [found], bundle: false };
    const clips = await requests.ofBundleSession(found.bundle_id, 'sandbox', sessionId);
    return { request: clips[0] ?? found, clips, bundle: true };
  };

  const isExpired = (expiresAt: Date | null) => expiresAt !== null && expiresAt <= deps.clock();

  return {
    /**
     * Gives the requests of expired checkouts back to their buyers (`awaiting_payment`: pay again or
     * cancel). The provider is asked first: a session it says was paid is left for its webhook. Each
     * reopening is a compare-and-set on the session, so several instances sweeping at once agree.
     */
    async expireCheckouts(): Promise<number> {
      const due = await requests.expiredCheckouts(new Date(deps.clock().getTime() - EXPIRY_GRACE_MS), 50);
      // A bundle's clips share their session: it is asked about, and reopened, once and as a whole.
      const sessionIds = new Set(
        due.filter((row) => row.payment_provider === provider.name).map((row) => row.checkout_session_id),
      );
      let reopened = 0;
      for (const sessionId of sessionIds) {
        if (!sessionId) continue;
        const outcome = await provider.closeCheckout(sessionId).catch((error: unknown) => {
          deps.log.warn({ err: error, sessionId }, 'could not close an expired checkout');
          return 'unknown' as const;
        });
        if (outcome !== 'closed') continue;
        reopened += await inTransaction(deps.db, async (trx) => {
          const payments = licensePaymentsRepository(trx);
          // In id order, as every writer of a bundle's clips locks them.
          await payments.lockSession(provider.name, sessionId);
          const moved = await payments.reopenSession(provider.name, sessionId);
          for (const requestId of moved) await deps.statusChangedIn(trx)(requestId);
          return moved.length;
        });
      }
      return reopened;
    },

    /** What the pay page shows: the video, the license type and the price. */
    async payment(caller: Pick<CallerFacts, 'id'>, requestId: string): Promise<LicensePayment> {
      return presentPayment(await own(caller, requestId), provider.name, deps.storage);
    },

    async checkout(caller: Buyer, requestId: string): Promise<{ url: string }> {
      const request = await own(caller, requestId);
      const facts = { buyerId: request.buyer_id, status: request.status };
      // A clip of a bundle is paid with the others, in the bundle's one checkout.
      if (!canPay(caller, facts) || request.price_cents === null || request.bundle_id !== null) {
        throw new AppError('LICENSE_NOT_PAYABLE', 409, { status: request.status });
      }
      const previous = request.status === 'processing_payment' ? request.checkout_session_id : null;
      await sessions.closeEarlier([{ provider: request.payment_provider, sessionId: previous }]);
      const back = `${deps.publicUrl}${buildPath(ROUTES.myLicense, { licenseRequestId: request.id })}`;
      const session = await sessions.open({
        requestId: request.id,
        amountCents: request.price_cents,
        currency: request.currency,
        description: `${request.video_title} (${licenseTypeName(request.license_type_snapshot, 'en')})`,
        successUrl: back,
        cancelUrl: back,
        customerEmail: caller.email,
      });
      const started = await requests.startCheckout({
        requestId: request.id,
        buyerId: caller.id,
        previousSessionId: previous,
        provider: provider.name,
        sessionId: session.sessionId,
        expiresAt: session.expiresAt,
      });
      if (!started) await sessions.lostRace(session.sessionId, { requestId });
      return { url: session.url };
    },

    /** The sandbox checkout page's facts (amount, video, type), for its buyer. */
    async sandboxPayment(caller: Pick<CallerFacts, 'id'>, sessionId: string): Promise<LicensePayment> {
      const { request, clips, bundle } = await sandboxSession(caller, sessionId);
      return presentPayment(request, 'sandbox', deps.storage, bundle ? clips : undefined);
    },

    /**
     * The buyer pressed Pay or Decline on the sandbox page: an event signed as the sandbox provider signs,
     * which the page delivers to the webhook, so it takes the real provider's path through the server.
     */
    async sandboxEvent(
      caller: Pick<CallerFacts, 'id'>,
      sessionId: string,
      outcome: 'paid' | 'declined',
    ): Promise<SandboxSignedEvent> {
      const { request, clips } = await sandboxSession(caller, sessionId);
      const waiting = clips.find((clip) => clip.status !== 'processing_payment' || clip.price_cents === null);
      if (waiting || clips.length === 0) {
        throw new AppError('LICENSE_NOT_PAYABLE', 409, { status: (waiting ?? request).status });
      }
      if (outcome === 'paid' && isExpired(request.checkout_expires_at)) {
        throw new AppError('CHECKOUT_EXPIRED', 409);
      }
      const signed = (provider as SandboxPayments).sign({
        type: outcome === 'paid' ? 'completed' : 'failed',
        sessionId,
        requestId: request.id,
        amountCents: clips.reduce((sum, clip) => sum + (clip.price_cents ?? 0), 0),
        currency: request.currency,
      });
      return { ...signed, webhookUrl: pathOf(paymentsEndpoints.webhook, { provider: 'sandbox' }) };
    },
  };
}
