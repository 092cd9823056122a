import { formatAmount } from './amount';
import {
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutProvider,
  PayoutProviderError,
} from './payout-provider';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (a local stand-in in tests). */
  apiBase: string;
  /** How long one call may take before it counts as lost (a retry is safe: same sender_batch_id). */
  timeoutMs?: number;
}

/** Item statuses after which no money reached the receiver (or it came back): the withdrawal fails. */
const FAILED_ITEM = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED']);
/** Batch statuses that pay nobody. */
const FAILED_BATCH = new Set(['DENIED', 'CANCELED']);

interface PayPalError {
  name?: string;
  message?: string;
  details?: { field?: string; issue?: string; link?: { href?: string }[] }[];
  links?: { href?: string }[];
}

interface PayoutBatch {
  batch_header?: { payout_batch_id?: string; batch_status?: string };
  items?: { transaction_status?: string; errors?: { name?: string; message?: string } }[];
}

/** The payout batch a duplicate's error links to ("a HATEOAS link to the original payout"). */
function linkedBatchId(error: PayPalError): string | null {
  const hrefs = [...(error.details ?? []).flatMap((detail) => detail.link ?? []), ...(error.links ?? [])].map(
    (link) => link.href ?? '',
  );
  for (const href of hrefs) {
    const match = /\/v1\/payments\/payouts\/([A-Za-z0-9_-]+)/.exec(href);
    if (match?.[1]) return match[1];
  }
  return null;
}

const isDuplicate = (error: PayPalError) =>
  (error.details ?? []).some(
    (detail) =>
      /sender_batch_id/i.test(detail.field ?? '') || /sender_batch_id.*already/i.test(detail.issue ?? ''),
  );

/** A batch (one item: one withdrawal) read as our outcome. */
export function outcomeOf(batch: PayoutBatch): PayoutOutcome {
  const reference = batch.batch_header?.payout_batch_id;
  if (!reference) throw new PayoutProviderError('PayPal answered a payout without payout_batch_id');
  const batchStatus = batch.batch_header?.batch_status ?? '';
  if (FAILED_BATCH.has(batchStatus))
    return { status: 'failed', reference, reason: `PayPal: batch ${batchStatus}` };
  const item = batch.items?.[0];
  const itemStatus = item?.transaction_status ?? '';
  if (FAILED_ITEM.has(itemStatus)) {
    const why = item?.errors?.message ?? item?.errors?.name;
    return { status: 'failed', reference, reason: `PayPal: ${itemStatus}${why ? ` (${why})` : ''}` };
  }
  if (itemStatus === 'SUCCESS') return { status: 'completed', reference };
  // PENDING, UNCLAIMED (the receiver has 30 days; then RETURNED), ONHOLD, NEW, or no items yet
  return { status: 'processing', reference };
}

/**
 * PayPal Payouts (REST v1): an OAuth2 client-credentials token, one batch per withdrawal with the
 * withdrawal id as `sender_batch_id` (PayPal refuses a second batch with the same id for 30 days and
 * links to the first, so a retry after a lost answer pays once), and the batch read back for its status.
 */
export function paypalPayouts(options: PayPalOptions): PayoutProvider {
  const base = options.apiBase.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  let token: { value: string; expiresAt: number } | null = null;

  const call = async (path: string, init: RequestInit) => {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PayoutProviderError(`PayPal did not answer ${path}`, { cause: error });
    }
  };

  const accessToken = async (): Promise<string> => {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new PayoutProviderError(`PayPal refused the credentials (${response.status})`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PayoutProviderError('PayPal answered no access token');
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000 };
    return token.value;
  };

  const authorized = async () => ({
    authorization: `Bearer ${await accessToken()}`,
    'content-type': 'application/json',
  });

  const readBatch = async (payoutBatchId: string): Promise<PayoutOutcome> => {
    const response = await call(`/v1/payments/payouts/${encodeURIComponent(payoutBatchId)}`, {
      method: 'GET',
      headers: await authorized(),
    });
    if (!response.ok)
      throw new PayoutProviderError(`PayPal did not read payout ${payoutBatchId} (${response.status})`);
    return outcomeOf((await response.json()) as PayoutBatch);
  };

  return {
    name: 'paypal',
    pays: (method) => method === 'paypal',
    async pay(order: PayoutOrder) {
      if (order.method !== 'paypal' || !order.details.email) {
        throw new PayoutProviderError('PayPal pays PayPal accounts only');
      }
      const response = await call('/v1/payments/payouts', {
        method: 'POST',
        headers: await authorized(),
        body: JSON.stringify({
          sender_batch_header: {
            sender_batch_id: order.withdrawalId,
            recipient_type: 'EMAIL',
            email_subject: 'You have a payout',
          },
          items: [
            {
              recipient_type: 'EMAIL',
              receiver: order.details.email,
              sender_item_id: order.withdrawalId,
              amount: { value: formatAmount(order.amountCents), currency: order.currency },
              note: 'Withdrawal of your earnings',
            },
          ],
        }),
      });
      if (response.status === 201 || response.status === 200) {
        return outcomeOf((await response.json()) as PayoutBatch);
      }
      const error = (await response.json().catch(() => ({}))) as PayPalError;
      if (response.status >= 500 || response.status === 401 || response.status === 429) {
        throw new PayoutProviderError(
          `PayPal could not take the payout now (${response.status} ${error.name ?? ''})`,
        );
      }
      if (isDuplicate(error)) {
        // The first attempt went through (its answer was lost): read that payout instead of paying again.
        const first = linkedBatchId(error);
        if (!first) throw new PayoutProviderError('PayPal reported a duplicate without the original payout');
        return readBatch(first);
      }
      return {
        status: 'failed',
        reference: null,
        reason: `PayPal: ${error.name ?? response.status}${error.message ? ` (${error.message})` : ''}`,
      };
    },
    status: readBatch,
  };
}
