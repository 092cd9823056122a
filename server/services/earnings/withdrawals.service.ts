import type {
  MyWithdrawal,
  MyWithdrawalsQuery,
  WithdrawalRequestInput,
} from '../../../common/contracts/earnings';
import { electronicIban } from '../../../common/contracts/earnings';
import { rowEffect } from '../../../common/ledger';
import { AppError, notFound } from '../../errors';
import { appSettingsRepository } from '../../repositories/app-settings.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { ledgerRepository, lockUserLedger } from '../../repositories/ledger.repository';
import { ledgerReportsRepository } from '../../repositories/ledger-reports.repository';
import {
  type PayoutDetails,
  withdrawalRequestsRepository,
} from '../../repositories/withdrawal-requests.repository';
import { cursorAfter, pageOf } from '../paging';
import { presentMyWithdrawal } from './earnings-presenter';

/**
 * A member's withdrawal requests (DESIGN "Withdrawals"): a request reserves its amount at once with a
 * `withdrawal` row in `pending`; the owner may cancel it while it is pending. The balance is read and the
 * row written under the user's ledger lock, so concurrent requests can never overdraw.
 */
export function withdrawalsService({ db, now }: { db: Executor; now: () => Date }) {
  return {
    /** Reserves the amount of a new request; answers the request as its owner sees it. */
    async request(userId: string, input: WithdrawalRequestInput): Promise<MyWithdrawal> {
      const payoutDetails: PayoutDetails =
        input.method === 'paypal'
          ? { email: input.email.trim() }
          : { iban: electronicIban(input.iban), holder: input.holder.trim() };
      return inTransaction(db, async (trx) => {
        await lockUserLedger(trx, userId);
        const policy = await appSettingsRepository(trx).withdrawalPolicy();
        if (input.amountCents < policy.minimumCents) {
          throw new AppError('WITHDRAWAL_BELOW_MINIMUM', 409, {
            minimumCents: policy.minimumCents,
            currency: input.currency,
          });
        }
        const ledger = ledgerRepository(trx);
        const at = now();
        const balance = (await ledger.balances(userId, at)).find((b) => b.currency === input.currency);
        const available = balance?.availableCents ?? 0;
        if (input.amountCents > available) {
          const availableOn = await whenAvailable(ledgerReportsRepository(trx), userId, input, available, at);
          if (availableOn) {
            throw new AppError('WITHDRAWAL_NOT_YET_AVAILABLE', 409, {
              availableOn: availableOn.toISOString(),
              availableCents: Math.max(available, 0),
              currency: input.currency,
            });
          }
          throw new AppError('INSUFFICIENT_BALANCE', 409, {
            availableCents: Math.max(available, 0),
            currency: input.currency,
          });
        }
        const request = await withdrawalRequestsRepository(trx).create({
          userId,
          amountCents: input.amountCents,
          currency: input.currency,
          method: input.method,
          payoutDetails,
        });
        await ledger.addWithdrawal({
          userId,
          amountCents: input.amountCents,
          currency: input.currency,
          withdrawalRequestId: request.id,
        });
        return presentMyWithdrawal(request);
      });
    },

    /** The owner's cancel while pending; anyone else's request does not exist for them (404). */
    async cancel(userId: string, withdrawalRequestId: string): Promise<MyWithdrawal> {
      return inTransaction(db, async (trx) => {
        await lockUserLedger(trx, userId);
        const cancelled = await withdrawalRequestsRepository(trx).cancelByOwner(withdrawalRequestId, userId);
        if (cancelled) return presentMyWithdrawal(cancelled);
        const mine = await withdrawalRequestsRepository(trx).findForUser(withdrawalRequestId, userId);
        throw mine ? new AppError('WITHDRAWAL_NOT_CANCELLABLE', 409) : notFound();
      });
    },

    /** One page of the member's requests, newest first. */
    async list(userId: string, query: MyWithdrawalsQuery) {
      const rows = await withdrawalRequestsRepository(db).listForUser(
        userId,
        query.limit,
        cursorAfter(query.cursor),
      );
      return pageOf(rows, query.limit, presentMyWithdrawal);
    },
  };
}

/**
 * The day enough of the pending earnings (in the order they mature) will have joined the available
 * balance to cover `amount`; null when even all of them are not enough.
 */
async function whenAvailable(
  reports: ReturnType<typeof ledgerReportsRepository>,
  userId: string,
  input: { amountCents: number; currency: string },
  available: number,
  at: Date,
): Promise<Date | null> {
  let total = available;
  for (const row of await reports.pendingEarnings(userId, at)) {
    if (row.currency !== input.currency || !row.available_at) continue;
    total += rowEffect({
      type: row.type,
      status: row.status,
      amountCents: row.amount_cents,
      currency: row.currency,
      availableAt: row.available_at,
      reversesId: row.reverses_id,
    });
    if (total >= input.amountCents) return row.available_at;
  }
  return null;
}
