import crypto from 'node:crypto';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxEvent,
  sandboxPayments,
} from '../../server/adapters/payments/sandbox-payments';
import { TEST_SECRET, type TestApp } from './test-app';

/** Signs sandbox events as the app does (the same secret and clock), for tests that play the provider. */
export function sandboxSigner(t: TestApp) {
  return sandboxPayments({ secret: TEST_SECRET, publicUrl: t.config.publicUrl, now: t.clock.now });
}

/** A signed sandbox event; the same `id` again is the provider delivering the same event again. */
export function signedEvent(t: TestApp, event: Omit<SandboxEvent, 'id'> & { id?: string }) {
  const id = event.id ?? `evt_sbx_${crypto.randomUUID()}`;
  return sandboxSigner(t).signPayload(JSON.stringify({ ...event, id }));
}

let deliveries = 0;
/** Delivers a signed event to the webhook as the provider would: no cookies, the raw signed body. */
export function deliverSandboxEvent(t: TestApp, signed: { payload: string; signature?: string }) {
  const n = ++deliveries;
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signed.signature !== undefined && { [SANDBOX_SIGNATURE_HEADER]: signed.signature }),
    },
    payload: signed.payload,
    remoteAddress: `10.99.${Math.floor(n / 250) % 250}.${n % 250}`,
  });
}

/** What each recorded provider event of one license request turned out to do, in the order received. */
export async function eventOutcomesOf(t: TestApp, requestId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('payment_events')
    .select('outcome')
    .where('license_request_id', '=', requestId)
    .orderBy('received_at')
    .execute();
  return rows.map((row) => row.outcome);
}
