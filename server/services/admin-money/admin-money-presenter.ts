import type {
  AdminLedgerRow,
  AdminWithdrawal,
  AdminWithdrawalDetail,
  LedgerRow,
} from '../../../common/contracts/admin-money';
import type { WithdrawalStatus } from '../../../common/contracts/earnings';
import type { Balance, TransactionStatus, TransactionType } from '../../../common/ledger';
import type { LedgerRecord } from '../../repositories/ledger.repository';
import type { AdminWithdrawalRow } from '../../repositories/withdrawal-requests.repository';

export function presentWithdrawal(row: AdminWithdrawalRow): AdminWithdrawal {
  return {
    id: row.id,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    amountCents: row.amount_cents,
    currency: row.currency,
    method: row.method,
    status: row.status as WithdrawalStatus,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    memberDisabled: row.user_disabled_at !== null,
  };
}

export function presentLedgerRow(row: LedgerRecord): LedgerRow {
  return {
    id: row.id,
    type: row.type as TransactionType,
    status: row.status as TransactionStatus,
    amountCents: row.amount_cents,
    currency: row.currency,
    createdAt: row.created_at.toISOString(),
    availableAt: row.available_at?.toISOString() ?? null,
    licenseRequestId: row.license_request_id,
    withdrawalRequestId: row.withdrawal_request_id,
    reversesId: row.reverses_id,
    reason: row.reason,
  };
}

export function presentAdminLedgerRow(
  row: LedgerRecord & { user_email: string; user_name: string },
): AdminLedgerRow {
  return {
    ...presentLedgerRow(row),
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    createdBy: row.created_by,
  };
}

export function presentWithdrawalDetail(detail: {
  row: AdminWithdrawalRow;
  balances: Balance[];
  hold: AdminWithdrawalDetail['hold'];
  recent: LedgerRecord[];
  automatic: boolean;
}): AdminWithdrawalDetail {
  const { row } = detail;
  const details = (row.payout_details ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof details[key] === 'string' ? (details[key] as string) : undefined);
  return {
    ...presentWithdrawal(row),
    payoutDetails: {
      ...(text('email') && { email: text('email') }),
      ...(text('iban') && { iban: text('iban') }),
      ...(text('holder') && { holder: text('holder') }),
    },
    payoutProvider: row.payout_provider,
    payoutReference: row.payout_reference,
    rejectReason: row.reject_reason,
    failureReason: row.failure_reason,
    balances: detail.balances,
    recentTransactions: detail.recent.map(presentLedgerRow),
    automaticPayout: detail.automatic,
    hold: detail.hold,
  };
}
