import type { BalancesResponse, LedgerEntryView, MyWithdrawal } from '../../../common/contracts/earnings';
import { shownAmount } from '../../../common/ledger';
import type { WithdrawalRequestRow } from '../../repositories/withdrawal-requests.repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** One ledger row of the caller's history: the amount signed for the reader. */
export function presentLedgerEntry(row: {
  id: string;
  user_id: string;
  type: string;
  status: string;
  amount_cents: number;
  currency: string;
  created_at: Date | string;
  available_at: Date | string | null;
  reverses_id: string | null;
  license_request_id: string | null;
  withdrawal_request_id: string | null;
  reason: string | null;
  buyer_id: string | null;
  video_title: string | null;
}): LedgerEntryView {
  return {
    id: row.id,
    type: row.type as LedgerEntryView['type'],
    status: row.status as LedgerEntryView['status'],
    amountCents: shownAmount(row),
    currency: row.currency,
    createdAt: new Date(row.created_at).toISOString(),
    availableAt: iso(row.available_at),
    reversesId: row.reverses_id,
    licenseRequestId: row.license_request_id,
    licenseRequestVisible: row.license_request_id !== null && row.buyer_id === row.user_id,
    videoTitle: row.video_title,
    withdrawalRequestId: row.withdrawal_request_id,
    reason: row.reason,
  };
}

/** An earning still inside the withdrawal delay, and the day it joins the available balance. */
export function presentPendingEarning(
  row: Omit<Parameters<typeof presentLedgerEntry>[0], 'buyer_id' | 'video_title'>,
): BalancesResponse['pendingEarnings'][number] {
  const entry = presentLedgerEntry({ ...row, buyer_id: null, video_title: null });
  return {
    id: entry.id,
    type: entry.type,
    amountCents: entry.amountCents,
    currency: entry.currency,
    availableAt: entry.availableAt ?? entry.createdAt,
  };
}

/** m•••@example.com: enough for the owner to recognise the address, not for a passer-by to read it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** CY17 •••• 7600: the country, check digits and last four. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

export function presentMyWithdrawal(row: WithdrawalRequestRow): MyWithdrawal {
  const details = (
    typeof row.payout_details === 'string' ? JSON.parse(row.payout_details) : row.payout_details
  ) as {
    email?: string;
    iban?: string;
  };
  return {
    id: row.id,
    amountCents: row.amount_cents,
    currency: row.currency,
    method: row.method,
    payoutTo: row.method === 'paypal' ? maskEmail(details.email ?? '') : maskIban(details.iban ?? ''),
    status: row.status as MyWithdrawal['status'],
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: iso(row.decided_at),
    rejectReason: row.status === 'rejected' ? row.reject_reason : null,
    payoutReference: row.status === 'completed' ? row.payout_reference : null,
  };
}
