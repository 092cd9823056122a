import type { FastifyBaseLogger } from 'fastify';
import type { LicenseRequestDetail, LicenseStatus } from '../../../common/contracts/licenses';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { Storage } from '../../adapters/storage/storage';
import { AppError, notFound } from '../../errors';
import type { Caller } from '../../policies/caller';
import {
  assertCanViewLicenseRequest,
  assertMayManageLicenseRequest,
  CANCELLABLE_STATUSES,
  QUOTABLE_STATUSES,
  statusChangeRefused,
} from '../../policies/license.policy';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { licenseMessagesRepository } from '../../repositories/license-messages.repository';
import { licensePaymentsRepository } from '../../repositories/license-payments.repository';
import {
  type LicenseRequestRow,
  licenseRequestsRepository,
  transitionStatus,
} from '../../repositories/license-requests.repository';
import { cursorAfter, pageOf } from '../paging';
import type { LicenseNotifier } from './license-notifier';
import { presentLicenseMessage, presentLicenseSummary } from './license-presenter';
import { licensableVideo, licenseTerms, type NewLicenseRequest } from './license-request-terms';
import type { LicenseRequestView } from './license-request-view';

/** A page of a list of requests, as the endpoints' queries give it. */
interface ListQuery {
  limit: number;
  cursor?: string;
  status?: LicenseStatus;
}

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, undefined, [{ field, message }]);

/**
 * License requests (SPEC 2.6, 4.2; DESIGN "License flow"): a verified buyer asks for a license of a
 * licensable video; a fixed-price type waits for payment at once, "price by request" waits for a
 * manager's quote. Buyer or manager cancel before payment. Every status change is a compare-and-set.
 * The caller must be verified for `create` (the route asks `assertVerified`).
 */
export function licenseRequestsService(deps: {
  db: Executor;
  now: () => Date;
  /** Tells the other side, inside the transaction of the change (noticeChannelsIn). */
  notifierIn: (trx: Executor) => LicenseNotifier;
  /** Closes a checkout the buyer left before the request it was opened for is cancelled. */
  payments: Pick<PaymentProvider, 'name' | 'closeCheckout'>;
  view: LicenseRequestView;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Tells the buyer's open pages that a request's payment state moved, inside the transaction. */
  statusChangedIn: (trx: Executor) => (requestId: string) => Promise<void>;
}) {
  const requests = licenseRequestsRepository(deps.db);
  const summaries = (rows: LicenseRequestRow[], limit: number) =>
    pageOf(rows, limit, (row) => presentLicenseSummary(row, deps.storage));

  /**
   * A request in checkout is cancelled only once its session can no longer be paid: closed at the
   * provider (Stripe: expired). A session paid, or with a payment under way, is the provider's event to
   * settle (409 PAYMENT_IN_PROGRESS). Returns the session that was closed.
   */
  const closeOpenCheckout = async (row: LicenseRequestRow): Promise<string | null> => {
    const sessionId = row.checkout_session_id;
    if (!sessionId || row.payment_provider !== deps.payments.name) return sessionId;
    const outcome = await deps.payments.closeCheckout(sessionId).catch((error: unknown) => {
      deps.log.warn({ err: error, requestId: row.id }, 'could not close the checkout of a cancelled request');
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 502);
    });
    if (outcome === 'paid') throw new AppError('PAYMENT_IN_PROGRESS', 409);
    return sessionId;
  };

  /**
   * Where a request's conversation is kept: its own, or for a clip of a bundle the bundle's one
   * conversation with the license managers, kept on its first clip, whichever clip's page it is read on.
   */
  const threadOf = async (row: LicenseRequestRow): Promise<string> =>
    (row.bundle_id && (await requests.bundleThread(row.bundle_id))) || row.id;

  const load = async (caller: Caller, id: string): Promise<LicenseRequestRow> => {
    const row = await requests.find(id);
    if (!row) throw notFound();
    assertCanViewLicenseRequest(caller, {
      buyerId: row.buyer_id,
      creatorId: row.video_user_id,
      status: row.status,
    });
    return row;
  };

  return {
    /** Creates the request (verified callers only: the endpoint's access); answers its page. */
    async create(caller: Caller, videoId: string, input: NewLicenseRequest): Promise<LicenseRequestDetail> {
      const video = await licensableVideo(deps.db, caller, videoId);
      const requestOf = await licenseTerms(deps.db, caller.id, input);
      const row = await inTransaction(deps.db, async (trx) => {
        const created = await licenseRequestsRepository(trx).create(requestOf(video.id, deps.now()));
        const row = (await licenseRequestsRepository(trx).find(created.id)) as LicenseRequestRow;
        await deps.notifierIn(trx).created(row);
        return row;
      });
      return deps.view(caller, row);
    },

    /** The request's page, if the caller may see it (404 for anyone else). */
    view: async (caller: Caller, id: string) => deps.view(caller, await load(caller, id)),

    /** The caller's own requests, newest first. */
    async listMine(caller: Caller, query: ListQuery) {
      const page = { limit: query.limit, status: query.status, afterId: cursorAfter(query.cursor) };
      return summaries(await requests.listForBuyer(caller.id, page), query.limit);
    },

    /** Every request, for license managers (the endpoint's access). */
    async listManaged(query: ListQuery & { q?: string }) {
      const page = {
        limit: query.limit,
        status: query.status,
        q: query.q,
        afterId: cursorAfter(query.cursor),
      };
      return summaries(await requests.listForManagers(page), query.limit);
    },

    countMine: (buyerId: string) => requests.countForBuyer(buyerId),

    /** Cancels before payment: the buyer, or a manager with a reason. */
    async cancel(caller: Caller, id: string, reason: string | null): Promise<LicenseRequestDetail> {
      const row = await load(caller, id);
      const byBuyer = caller.id === row.buyer_id;
      if (!byBuyer)
        assertMayManageLicenseRequest(caller, { buyerId: row.buyer_id, creatorId: row.video_user_id });
      if (!byBuyer && !reason) throw fieldError('reason', 'licensing.errors.reasonRequired');
      const session = row.status === 'processing_payment' ? await closeOpenCheckout(row) : undefined;
      const now = deps.now();
      // A bundle's clips are locked together, in id order, before any of them is written.
      const inBundleCheckout = session && row.bundle_id ? row.bundle_id : null;
      const cancelled = await inTransaction(deps.db, async (trx) => {
        if (inBundleCheckout) await licensePaymentsRepository(trx).lockBundle(inBundleCheckout);
        const changed = await transitionStatus(
          trx,
          id,
          CANCELLABLE_STATUSES,
          'cancelled',
          { cancelled_by: caller.id, cancelled_at: now, cancel_reason: reason, updated_at: now },
          // Only the checkout just closed: a new one the buyer opened meanwhile may be paid.
          session === undefined ? undefined : { checkoutSessionId: session },
        );
        if (!changed) return null;
        if (inBundleCheckout && session) {
          // The closed checkout was the other clips' too: they wait for payment again, without this one.
          const reopened = await licensePaymentsRepository(trx).reopenSession(deps.payments.name, session);
          for (const clipId of reopened) await deps.statusChangedIn(trx)(clipId);
        }
        const row = (await licenseRequestsRepository(trx).find(id)) as LicenseRequestRow;
        await deps.notifierIn(trx).cancelled(row, byBuyer);
        return row;
      });
      if (!cancelled) throw statusChangeRefused();
      return deps.view(caller, cancelled);
    },

    /** A manager prices an open request (or prices again one waiting for payment). */
    async quote(caller: Caller, id: string, priceCents: number): Promise<LicenseRequestDetail> {
      const row = await load(caller, id);
      assertMayManageLicenseRequest(caller, { buyerId: row.buyer_id, creatorId: row.video_user_id });
      const now = deps.now();
      // The answer is the request as this quote left it, read in its own transaction: a cancel that
      // lands just after must not make a successful quote answer "cancelled".
      const quoted = await inTransaction(deps.db, async (trx) => {
        const changed = await transitionStatus(trx, id, QUOTABLE_STATUSES, 'awaiting_payment', {
          price_cents: priceCents,
          quoted_by: caller.id,
          quoted_at: now,
          updated_at: now,
        });
        if (!changed) return null;
        const row = (await licenseRequestsRepository(trx).find(id)) as LicenseRequestRow;
        // The quote and its audit row commit together (DESIGN "Rights").
        await auditLogRepository(trx).record({
          actorId: caller.id,
          action: 'license.quote',
          subjectType: 'license_request',
          subjectId: id,
          after: { priceCents, currency: row.currency, status: row.status },
        });
        await deps.notifierIn(trx).quoted(row);
        return row;
      });
      if (!quoted) throw statusChangeRefused();
      return deps.view(caller, quoted);
    },

    /** The conversation, oldest first. */
    async messages(caller: Caller, id: string) {
      const row = await load(caller, id);
      const messages = await licenseMessagesRepository(deps.db).list(await threadOf(row));
      return { items: messages.map((message) => presentLicenseMessage(message, row.buyer_id, caller.id)) };
    },

    /** Adds a message; a cancelled request's conversation is closed. */
    async postMessage(caller: Caller, id: string, body: string) {
      const row = await load(caller, id);
      if (row.status === 'cancelled') throw new AppError('LICENSE_REQUEST_CLOSED', 409);
      // Read before the transaction: on the one embedded connection the pool waits for it.
      const thread = await threadOf(row);
      const message = await inTransaction(deps.db, async (trx) => {
        const added = await licenseMessagesRepository(trx).add(thread, caller.id, body, deps.now());
        await deps.notifierIn(trx).message(row, caller.id, body);
        return added;
      });
      return presentLicenseMessage({ ...message, author_name: caller.name }, row.buyer_id, caller.id);
    },
  };
}
