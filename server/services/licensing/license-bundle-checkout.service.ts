import type { FastifyBaseLogger } from 'fastify';
import { buildPath, ROUTES } from '../../../common/routes';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { AppError, notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { canPayBundle } from '../../policies/license-payment.policy';
import { type Executor, inTransaction } from '../../repositories/executor';
import { licenseBundlesRepository } from '../../repositories/license-bundles.repository';
import {
  type LicensePaymentRow,
  licensePaymentsRepository,
} from '../../repositories/license-payments.repository';
import { checkoutSessions } from './checkout-sessions';
import { licenseTypeName } from './license-snapshot';

type Buyer = Pick<CallerFacts, 'id' | 'rights'> & { email: string };

/** The clips one checkout of a bundle pays: every clip not cancelled. */
export const liveClips = <T extends { status: string }>(clips: T[]) =>
  clips.filter((clip) => clip.status !== 'cancelled');

/** What the provider's page says a bundle's checkout is for: how many clips, of which license type. */
export const bundleDescription = (clips: LicensePaymentRow[]) =>
  `${clips.length} ${clips.length === 1 ? 'clip' : 'clips'} (${licenseTypeName(clips[0]?.license_type_snapshot, 'en')})`;

/**
 * One checkout for a request of several clips (issue 34): the buyer pays every clip not cancelled in one
 * provider session for their total, once each is priced. As the checkout of one request
 * (license-checkout.service.ts, whose provider steps this shares): the earlier session is closed first,
 * and the move of every clip to `processing_payment` with the new session is one transaction under the
 * clips' row locks, taken in id order, and a compare-and-set on what the buyer was shown: of two clicks
 * at once one wins and the other's session is closed unused.
 */
export function licenseBundleCheckoutService(deps: {
  db: Executor;
  provider: PaymentProvider;
  publicUrl: string;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Tells the buyer's open pages that a clip moved, inside the transaction that moves it. */
  statusChangedIn: (trx: Executor) => (requestId: string) => Promise<void>;
}) {
  const { provider } = deps;
  const sessions = checkoutSessions(deps);

  /** Every clip as it was read moves into the new session, or none does. */
  async function moveClips(buyerId: string, bundleId: string, read: LicensePaymentRow[], session: Session) {
    return inTransaction(deps.db, async (trx) => {
      const payments = licensePaymentsRepository(trx);
      const locked = liveClips(await payments.lockBundle(bundleId));
      if (locked.map((clip) => clip.id).join() !== read.map((clip) => clip.id).join()) return false;
      for (const clip of read) {
        const started = await payments.startCheckout({
          requestId: clip.id,
          buyerId,
          previousSessionId: clip.status === 'processing_payment' ? clip.checkout_session_id : null,
          provider: provider.name,
          sessionId: session.sessionId,
          expiresAt: session.expiresAt,
        });
        // Rolls the clips moved so far back: the bundle changed since it was read.
        if (!started) throw new LostRace();
      }
      for (const clip of read) await deps.statusChangedIn(trx)(clip.id);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof LostRace) return false;
      throw error;
    });
  }

  return {
    async checkout(caller: Buyer, bundleId: string): Promise<{ url: string }> {
      const bundle = await licenseBundlesRepository(deps.db).find(bundleId);
      if (!bundle || bundle.buyer_id !== caller.id) throw notFound();
      const clips = liveClips(await licensePaymentsRepository(deps.db).ofBundle(bundleId));
      const facts = clips.map((clip) => ({
        buyerId: clip.buyer_id,
        status: clip.status,
        priceCents: clip.price_cents,
      }));
      const currencies = new Set(clips.map((clip) => clip.currency));
      if (!canPayBundle(caller, facts) || currencies.size !== 1) {
        throw new AppError('LICENSE_NOT_PAYABLE', 409, { status: clips[0]?.status ?? 'cancelled' });
      }
      await sessions.closeEarlier(
        clips
          .filter((clip) => clip.status === 'processing_payment')
          .map((clip) => ({ provider: clip.payment_provider, sessionId: clip.checkout_session_id }))
          .filter((one, i, all) => all.findIndex((other) => other.sessionId === one.sessionId) === i),
      );
      const first = clips[0] as LicensePaymentRow;
      // The provider sends the buyer back to the request for all the clips, where the payment shows.
      const back = `${deps.publicUrl}${buildPath(ROUTES.myLicenseBundle, { bundleId })}`;
      const session = await sessions.open({
        requestId: first.id,
        bundleId,
        amountCents: clips.reduce((sum, clip) => sum + (clip.price_cents ?? 0), 0),
        currency: first.currency,
        description: bundleDescription(clips),
        successUrl: back,
        cancelUrl: back,
        customerEmail: caller.email,
      });
      if (!(await moveClips(caller.id, bundleId, clips, session))) {
        await sessions.lostRace(session.sessionId, { bundleId });
      }
      return { url: session.url };
    },
  };
}

type Session = { sessionId: string; expiresAt: Date };

class LostRace extends Error {}
