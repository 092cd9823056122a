import type { FastifyBaseLogger } from 'fastify';
import type { LicenseBundle, LicenseRequestDetail } from '../../../common/contracts/licenses';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import { type PaymentProvider, PaymentProviderError } from '../../adapters/payments/payment-provider';
import { AppError, notFound } from '../../errors';
import type { Caller } from '../../policies/caller';
import { assertMayManageLicenseRequest, refundWindow } from '../../policies/license.policy';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { licenseBundlesRepository } from '../../repositories/license-bundles.repository';
import {
  type LicensePaymentRow,
  licensePaymentsRepository,
} from '../../repositories/license-payments.repository';
import {
  type LicenseRequestRow,
  licenseRequestsRepository,
} from '../../repositories/license-requests.repository';
import type { MailOutbox } from '../mail/mail-outbox';
import { actionMail, languageOf } from '../mail/mail-templates';
import type { LicenseNotifier } from './license-notifier';
import type { LicenseRequestView } from './license-request-view';
import { reverseSale } from './license-sale';

const notAllowed = () => new AppError('REFUND_NOT_ALLOWED', 409);

/**
 * Refunds of completed license sales (issue 19; DESIGN "Rights": `manage_licenses` refunds). A license
 * manager gives the buyer's money back within the refund window (app setting) counted from the
 * payment's completion: the request becomes `cancelled` with the refund's facts (so the original and
 * the certificate are no longer the buyer's), each ledger row of that sale gets its `reverted`
 * counter-row (the creator's balance may go below zero: a debt), the audit row and the buyer's e-mail
 * commit with it.
 *
 * Order: the provider is asked first, outside any transaction (as the payouts do: a provider is never
 * called while rows are locked), then the refund is written under the request's row lock. The provider
 * refunds once per request whatever the number of calls (Stripe: an idempotency key from the request
 * id), so every failure leaves a retry safe: the provider fails -> nothing was written, try again; the
 * write fails after the provider refunded -> the manager's retry gets the same refund back and writes
 * it; two managers at once -> one provider refund, the second writer finds the request no longer
 * completed (REFUND_NOT_ALLOWED). The opposite order would commit "refunded" for money that may never
 * go back, with no state to retry from.
 */
export function licenseRefundsService(deps: {
  db: Executor;
  provider: PaymentProvider;
  mailOutbox: MailOutbox;
  /** Tells every open page of the request, inside the refund's transaction (noticeChannelsIn). */
  notifierIn: (trx: Executor) => Pick<LicenseNotifier, 'refunded'>;
  view: LicenseRequestView;
  /** A bundle's page as the caller sees it (license-bundles.service.ts). */
  bundleView: (caller: Caller, bundleId: string) => Promise<LicenseBundle>;
  now: () => Date;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const requests = licensePaymentsRepository(deps.db);

  /** A sale the caller may refund now: a completed one inside its window, not of their own. */
  const refundable = (caller: Caller, sale: LicensePaymentRow) => {
    assertMayManageLicenseRequest(caller, { buyerId: sale.buyer_id, creatorId: sale.creator_id });
    // The same window the request's page offers the refund in
    const window = refundWindow(sale, deps.now());
    if (!window || !sale.checkout_session_id || sale.price_cents === null) throw notAllowed();
    if (!window.open) throw new AppError('REFUND_WINDOW_PASSED', 409);
    return { sessionId: sale.checkout_session_id, price: sale.price_cents };
  };

  /**
   * One sale back: the provider first (a bundle's clip is its own part of the shared payment, keyed by
   * the request), then the rows. See the comment at the top for the order.
   */
  async function refundOne(caller: Caller, sale: LicensePaymentRow, reason: string) {
    const { sessionId, price } = refundable(caller, sale);
    const requestId = sale.id;
    let refundId: string;
    try {
      ({ refundId } = await deps.provider.refund({
        requestId,
        sessionId,
        amountCents: price,
        currency: sale.currency,
        partial: sale.bundle_id !== null,
      }));
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ err: error, requestId }, 'the payment provider did not refund a license sale');
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 502);
    }
    await record(caller, requestId, reason, { refundId, price }).catch((error: unknown) => {
      // The money went back but the books do not say so yet: the manager's retry writes it (the
      // provider answers the same refund), so say loudly that one is needed.
      if (!(error instanceof AppError)) {
        deps.log.error(
          { err: error, requestId, refundId },
          'refunded at the provider but not recorded; retry',
        );
      }
      throw error;
    });
  }

  return {
    /**
     * Refunds a completed sale inside its window; the answer is the request's page as it is now. Only
     * license managers reach it (the endpoint's access); a manager may not refund a sale of their own video.
     */
    async refund(caller: Caller, requestId: string, reason: string): Promise<LicenseRequestDetail> {
      const found = await requests.find(requestId);
      if (!found) throw notFound();
      await refundOne(caller, found, reason);
      const refunded = (await licenseRequestsRepository(deps.db).find(requestId)) as LicenseRequestRow;
      return deps.view(caller, refunded);
    },

    /**
     * Refunds every completed clip of a bundle (issue 34), each as its own refund: its own part of the
     * payment at the provider (keyed by its request), its own counter-rows and audit row. Every clip is
     * checked first (a manager who bought or made one of them refunds none; all must be in their window);
     * a clip refunded already is passed over, so a retry after a failure refunds the rest.
     */
    async refundBundle(caller: Caller, bundleId: string, reason: string): Promise<LicenseBundle> {
      if (!(await licenseBundlesRepository(deps.db).find(bundleId))) throw notFound();
      const clips = await requests.ofBundle(bundleId);
      for (const clip of clips) {
        assertMayManageLicenseRequest(caller, { buyerId: clip.buyer_id, creatorId: clip.creator_id });
      }
      const sold = clips.filter((clip) => clip.status === 'completed');
      if (sold.length === 0) throw notAllowed();
      for (const sale of sold) refundable(caller, sale);
      for (const sale of sold) await refundOne(caller, sale, reason);
      return deps.bundleView(caller, bundleId);
    },
  };

  /** The refund's rows, under the request's lock: see the comment at the top for why it comes second. */
  async function record(
    caller: Caller,
    requestId: string,
    reason: string,
    { refundId, price }: { refundId: string; price: number },
  ) {
    await inTransaction(deps.db, async (trx) => {
      const locked = await licensePaymentsRepository(trx).lock(requestId);
      if (locked?.status !== 'completed') throw notAllowed();
      const rows = await reverseSale(trx, requestId, {
        by: caller.id,
        at: deps.now(),
        reason,
        reference: refundId,
      });
      if (!rows) throw notAllowed();
      await auditLogRepository(trx).record({
        actorId: caller.id,
        action: 'license.refund',
        subjectType: 'license_request',
        subjectId: requestId,
        before: { status: 'completed' },
        after: {
          status: 'cancelled',
          ...(locked.bundle_id && { bundleId: locked.bundle_id }),
          refundedCents: price,
          currency: locked.currency,
          provider: deps.provider.name,
          refundId,
          revertedRows: rows.length,
        },
        reason,
      });
      const [buyer] = await licensePaymentsRepository(trx).people(locked.buyer_id, locked.buyer_id);
      if (buyer?.email) {
        const language = languageOf(buyer.language);
        await deps.mailOutbox.enqueue(
          trx,
          actionMail('licenseRefunded', {
            to: buyer.email,
            language,
            url: `${deps.publicUrl}${buildPath(ROUTES.myLicense, { licenseRequestId: requestId })}`,
            params: {
              title: locked.video_title,
              amount: formatMoney(price, locked.currency, language),
              reason,
            },
          }),
        );
      }
      // Open pages of the request (the buyer's, the managers') hear it live, at the commit.
      const refunded = (await licenseRequestsRepository(trx).find(requestId)) as LicenseRequestRow;
      await deps.notifierIn(trx).refunded(refunded);
    });
  }
}
