/**
 * The payout provider behind withdrawals (DESIGN "payouts"): `manual` (default: an admin pays elsewhere
 * and records the reference) or PayPal Payouts. A driver pays one withdrawal and reads its status back;
 * what that does to the request and the ledger is the services' work.
 */
export type PayoutProviderName = 'manual' | 'paypal';

export interface PayoutOrder {
  /** The withdrawal request's id: PayPal's sender_batch_id, so a retry never pays twice. */
  withdrawalId: string;
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  method: 'paypal' | 'bank_transfer';
  /** paypal: { email }; bank_transfer: { iban, holder }. */
  details: { email?: string; iban?: string; holder?: string };
  /** Manual payouts: the reference of the transfer the admin made elsewhere. */
  reference?: string;
}

/** What the provider says of a payout: done, still under way, or failed for good (with why). */
export type PayoutOutcome =
  | { status: 'completed'; reference: string }
  | { status: 'processing'; reference: string }
  | { status: 'failed'; reference: string | null; reason: string };

export interface PayoutProvider {
  readonly name: PayoutProviderName;
  /** Whether this driver can pay a withdrawal of that method (PayPal pays PayPal accounts only). */
  pays(method: PayoutOrder['method']): boolean;
  /** Pays once: calling it again for the same withdrawal answers the first payout's outcome. */
  pay(order: PayoutOrder): Promise<PayoutOutcome>;
  /** The payout's status now, by the reference `pay` answered. */
  status(reference: string): Promise<PayoutOutcome>;
}

/** The provider could not be reached, or answered something we cannot read: nothing is known yet. */
export class PayoutProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutProviderError';
  }
}
