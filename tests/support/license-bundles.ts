import { expect } from 'vitest';
import type { LicenseBundle } from '../../common/contracts/licenses';
import { createUser, type TestUser } from './factories';
import { licenseRequestBody } from './licensing';
import type { TestApp } from './test-app';

/** Requests for several clips (issue 34) as a buyer makes and pays them, through the endpoints. */

const as = (t: TestApp, who: TestUser) => (method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.send(method, url, { cookie: who.cookie, ...(payload && { payload }) });

/** Two creators and a referrer of the second (whose first sale earns the referrer a bonus). */
export async function twoCreators(t: TestApp) {
  const referrer = await createUser(t, { verified: true });
  const plain = await createUser(t, { verified: true });
  const referred = await createUser(t, { verified: true });
  await t.db.updateTable('users').set({ referrer_id: referrer.id }).where('id', '=', referred.id).execute();
  return { referrer, plain, referred };
}

/** `buyer`'s bundle of `videoIds` at the fixed web price, taken to checkout: its clips and session. */
export async function bundleInCheckout(t: TestApp, buyer: TestUser, videoIds: string[]) {
  const send = as(t, buyer);
  const collection = (await send('POST', '/api/me/collections', { name: 'Bulletin' })).json().id;
  for (const videoId of videoIds) await send('PUT', `/api/me/collections/${collection}/items/${videoId}`, {});
  const body = { ...(await licenseRequestBody(t.db, buyer.id, 'editorial_web')), videoIds };
  const created = await send('POST', `/api/me/collections/${collection}/license-requests`, body);
  expect(created.statusCode, created.body).toBe(201);
  const bundle = created.json() as LicenseBundle;
  const checkout = await send('POST', `/api/license-bundles/${bundle.id}/checkout`);
  expect(checkout.statusCode, checkout.body).toBe(200);
  const sessionId = new URL(checkout.json().url).pathname.split('/').pop() as string;
  const clips = bundle.clips.map((clip) => clip.id).sort();
  return { bundleId: bundle.id, clips, sessionId };
}

/** The buyer presses Pay (or Decline) on the sandbox page; the signed event it gets, to deliver. */
export async function sandboxEventOf(
  t: TestApp,
  buyer: TestUser,
  sessionId: string,
  outcome: 'paid' | 'declined' = 'paid',
) {
  const response = await as(t, buyer)('POST', `/api/payments/sandbox/sessions/${sessionId}/events`, {
    outcome,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { payload: string; signature: string };
}

/** The statuses of requests, in id order. */
export async function statusesOf(t: TestApp, ids: string[]) {
  const rows = await t.db
    .selectFrom('license_requests')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.status);
}
