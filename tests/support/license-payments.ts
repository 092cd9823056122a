import { createVideo, type TestUser } from './factories';
import { createLicenseRequest, type LicenseRequestOptions } from './licensing-factories';
import { deliverSandboxEvent } from './payments';
import type { TestApp } from './test-app';

/** The original a licensed video is delivered as, stored where uploads put it. */
export const ORIGINAL_BYTES = Buffer.from('the original file of a licensed clip, bytes as uploaded');
export const ORIGINAL_NAME = 'Λεμεσός harbour original.mp4';

/** A creator's public video with its original file in storage. */
export async function licensableVideo(t: TestApp, creatorId: string, title = 'Harbour at dawn') {
  const videoId = await createVideo(t.db, creatorId, { status: 'ready', title });
  const path = `videos/${videoId}.mp4`;
  await t.storage.put(path, ORIGINAL_BYTES, 'video/mp4');
  await t.db
    .updateTable('videos')
    .set({ path, file_name: ORIGINAL_NAME })
    .where('id', '=', videoId)
    .execute();
  return videoId;
}

let addresses = 0;
/** The buyer went to checkout (the real endpoint): the request is `processing_payment` with a session. */
export async function startCheckout(t: TestApp, buyer: TestUser, requestId: string) {
  const n = ++addresses;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/license-requests/${requestId}/checkout`,
    headers: { origin: t.config.publicUrl, cookie: buyer.cookie },
    remoteAddress: `10.98.${Math.floor(n / 250) % 250}.${n % 250}`,
  });
  if (response.statusCode !== 200) throw new Error(`checkout: ${response.statusCode} ${response.body}`);
  const row = await t.db
    .selectFrom('license_requests')
    .select(['checkout_session_id', 'status'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  return { url: (response.json() as { url: string }).url, sessionId: row.checkout_session_id as string };
}

/** A request awaiting payment, taken to checkout by its buyer. */
export async function requestInCheckout(
  t: TestApp,
  buyer: TestUser,
  videoId: string,
  options: Partial<LicenseRequestOptions> = {},
) {
  const requestId = await createLicenseRequest(t.db, { videoId, buyerId: buyer.id, ...options });
  const { sessionId } = await startCheckout(t, buyer, requestId);
  return { requestId, sessionId };
}

export const ledgerOf = (t: TestApp, requestId: string) =>
  t.db
    .selectFrom('transactions')
    .selectAll()
    .where('license_request_id', '=', requestId)
    .orderBy('type')
    .execute();

export const statusOf = async (t: TestApp, requestId: string) =>
  (
    await t.db
      .selectFrom('license_requests')
      .select('status')
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow()
  ).status;

/** A sale as a buyer makes one: to the sandbox checkout, paid there, and the provider's event delivered. */
export async function paidSale(
  t: TestApp,
  buyer: TestUser,
  videoId: string,
  options: Partial<LicenseRequestOptions> = {},
) {
  const { requestId, sessionId } = await requestInCheckout(t, buyer, videoId, options);
  const signed = await t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/sessions/${sessionId}/events`,
    headers: { origin: t.config.publicUrl, cookie: buyer.cookie },
    payload: { outcome: 'paid' },
  });
  const delivered = await deliverSandboxEvent(t, signed.json());
  if (delivered.json().outcome !== 'completed') throw new Error(`payment: ${delivered.body}`);
  return requestId;
}
