import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '../../common/months';
import { paypal, saleEarning } from '../../tests/support/earnings';
import { createWithdrawalRequest } from '../../tests/support/earnings-factories';
import {
  createBillingAddress,
  createUser,
  createUserRow,
  createVideo,
  type TestUser,
} from '../../tests/support/factories';
import { jpegBytes, pngDataUrl } from '../../tests/support/images';
import { licensableVideo, startCheckout } from '../../tests/support/license-payments';
import { licenseRequestBody, licenseTypeId } from '../../tests/support/licensing';
import { createLicenseRequest } from '../../tests/support/licensing-factories';
import { isPageRedirect, publishedOperations } from '../../tests/support/openapi';
import { deliverSandboxEvent } from '../../tests/support/payments';
import { pdfBytes } from '../../tests/support/pdf';
import { setUpTestApp } from '../../tests/support/set-up-test-app';
import { TEST_SECRET } from '../../tests/support/test-app';
import { uploadMetadata } from '../../tests/support/uploads';
import * as valid from '../../tests/support/valid-bodies';
import { unsubscribeToken } from '../services/standing-requests/unsubscribe-token';

/**
 * The endpoint-by-caller matrix: every operation of the published OpenAPI document, called by each kind
 * of caller with a valid request, must answer exactly the status declared here. An operation without a
 * row fails the test, so a new endpoint cannot ship without saying who may call it. Requests that change
 * something get a fresh target per call, so no caller's answer depends on another's. No answer to a
 * visitor or another member may carry the owner's private data.
 */

/**
 * `verified` is also the buyer of the license requests below; `manager` is a verified member with
 * `manage_licenses` (a license manager); `staff` has `manage_videos`.
 */
const CALLERS = ['anonymous', 'member', 'verified', 'owner', 'staff', 'manager', 'admin'] as const;
type Who = (typeof CALLERS)[number];
type Expected = Record<Who, number>;

/** The same answer for everyone. */
const all = (status: number): Expected => Object.fromEntries(CALLERS.map((who) => [who, status])) as Expected;
/** Signed-in callers get `status`; a visitor is asked to sign in. */
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: 401 });
/** License managers (manage_licenses) and admins only. */
const managersOnly = (status: number): Expected => ({ ...signedIn(403), manager: status, admin: status });
/** A license request: its buyer (the verified member) and managers; to anyone else it does not exist. */
const buyerAndManagers = (status: number): Expected => ({
  ...signedIn(404),
  verified: status,
  manager: status,
  admin: status,
});
/** Admins only (the back office). */
const adminsOnly = (status: number): Expected => ({ ...signedIn(403), admin: status });
/** Staff (manage_videos) and admins only. */
const staffOnly = (status: number): Expected => ({ ...signedIn(403), staff: status, admin: status });

interface Fixtures {
  users: Record<Exclude<Who, 'anonymous'>, TestUser>;
  /** The owner's video that staff have not reviewed yet (hidden from everyone else), with its file. */
  hiddenVideo: string;
  /** The owner's public, approved video. */
  publicVideo: string;
  /** Another creator's ready video with its original, which the owner licenses (as the buyer). */
  licensedVideo: string;
  /** The owner's public video that is ready, so licensable. */
  licensableVideo: string;
  /** An open license request of the verified member for the licensable video. */
  licenseRequest: string;
  signature: string;
  /** The owner's e-mail, phone, legal name, billing street, hidden video's title, and private paths. */
  ownerSecrets: string[];
}

/** What only the owner (and staff) may ever read of the owner's account, videos and files. */
const OWNER_STREET = '7 Private Lane';
const HIDDEN_TITLE = 'Unreviewed harbour footage';
const ownersAddress = () => createBillingAddress(t.db, f.users.owner.id, { address: OWNER_STREET });
/** Callers who must never see the owner's private data in any answer. */
const OUTSIDERS: readonly Who[] = ['anonymous', 'member', 'verified'];

interface Row {
  expect: Expected;
  /** The request `who` sends; may create a fresh target first. */
  request: (who: Who, f: Fixtures) => Promise<InjectOptions> | InjectOptions;
  /** A Server-Sent Events stream: only the status line is read. */
  stream?: boolean;
}

let f: Fixtures;

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const send = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload && { payload }),
});
const waitingVideo = () => createVideo(t.db, f.users.owner.id, { title: 'A clip', status: 'not_uploaded' });
const reviewableVideo = () => createVideo(t.db, f.users.owner.id, { status: 'not_verified' });

const submission = () => valid.submissionValues(f.signature);

/** A collection of the owner's holding the public video (a fresh one per call). */
async function ownersCollection() {
  const row = await t.db
    .insertInto('collections')
    .values({ user_id: f.users.owner.id, name: 'Picks', share_token: crypto.randomUUID() })
    .returning(['id', 'share_token'])
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('collection_items')
    .values({ collection_id: row.id, video_id: f.publicVideo, position: 0 })
    .execute();
  return { id: row.id, token: row.share_token ?? '' };
}
const collectionUrl = async (rest = '') => `/api/me/collections/${(await ownersCollection()).id}${rest}`;

/** A collection of the owner's holding another creator's licensable clip (a fresh one per call). */
async function ownersCollectionToLicense() {
  const { id } = await ownersCollection();
  await t.db
    .insertInto('collection_items')
    .values({ collection_id: id, video_id: f.licensedVideo, position: 1 })
    .execute();
  return id;
}
/** What the owner sends to license the clip of that collection at the fixed web price. */
const bundleBody = async () => ({
  ...(await licenseRequestBody(t.db, f.users.owner.id, 'editorial_web')),
  videoIds: [f.licensedVideo],
});
/** A request of the owner's (as the buyer) for the clips of a collection: the bundle's id. */
async function ownersBundle(): Promise<string> {
  const response = await inject(
    'owner',
    send(
      'POST',
      `/api/me/collections/${await ownersCollectionToLicense()}/license-requests`,
      await bundleBody(),
    ),
  );
  if (response.statusCode !== 201) throw new Error(`bundle: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** A standing request of the owner's (a fresh one per call). */
async function ownersStandingRequest() {
  const row = await t.db
    .insertInto('standing_requests')
    .values({
      user_id: f.users.owner.id,
      name: 'Harbour storms',
      frequency: 'instant',
      shot_from: '2026-01-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A video processing found to copy an earlier one (issue 33), not yet judged. */
async function flaggedVideo() {
  const videoId = await reviewableVideo();
  await t.db
    .insertInto('video_copy_matches')
    .values({
      video_id: videoId,
      original_id: f.publicVideo,
      starts_at: 0,
      ends_at: 6,
      original_starts_at: 2,
      original_ends_at: 8,
      score: 0.97,
      mirrored: false,
    })
    .execute();
  return videoId;
}

/**
 * Licenses: the owner is the buyer of the request (of another creator's video). A fresh request each
 * time, so a checkout or a payment by one caller never changes another's answer.
 */
const buyersRequest = () =>
  createLicenseRequest(t.db, { videoId: f.licensedVideo, buyerId: f.users.owner.id });
/** The buyer's request in the sandbox checkout: its session id. */
const buyersCheckout = async () => (await startCheckout(t, f.users.owner, await buyersRequest())).sessionId;
/** A license the buyer paid through the sandbox checkout and the webhook. */
async function paidLicense(): Promise<string> {
  const id = await buyersRequest();
  const { sessionId } = await startCheckout(t, f.users.owner, id);
  const signed = await inject(
    'owner',
    send('POST', `/api/payments/sandbox/sessions/${sessionId}/events`, { outcome: 'paid' }),
  );
  const delivered = await deliverSandboxEvent(t, signed.json());
  if (delivered.json().outcome !== 'completed') throw new Error(`payment: ${delivered.body}`);
  return id;
}

/** A bundle the owner paid through the sandbox checkout and the webhook. */
async function paidBundle(): Promise<string> {
  const id = await ownersBundle();
  const checkout = await inject('owner', send('POST', `/api/license-bundles/${id}/checkout`));
  const sessionId = String(checkout.json().url).split('/').pop();
  const signed = await inject(
    'owner',
    send('POST', `/api/payments/sandbox/sessions/${sessionId}/events`, { outcome: 'paid' }),
  );
  const delivered = await deliverSandboxEvent(t, signed.json());
  if (delivered.json().outcome !== 'completed') throw new Error(`bundle payment: ${delivered.body}`);
  return id;
}

/** A pending withdrawal request of the owner, fresh for each call. */
const ownersWithdrawal = () => createWithdrawalRequest(t.db, f.users.owner.id, { amountCents: 1000 });

const KINDS: Record<Exclude<Who, 'anonymous'>, { verified?: boolean; rights?: string[] }> = {
  member: {},
  verified: { verified: true },
  owner: { verified: true },
  staff: { verified: true, rights: ['manage_videos'] },
  manager: { verified: true, rights: ['manage_licenses'] },
  admin: { verified: true, rights: ['admin'] },
};
/** The session of a new user of the same kind as `who` (none for a visitor). */
async function freshCookie(who: Who): Promise<Record<string, string>> {
  return who === 'anonymous' ? {} : { cookie: (await createUser(t, KINDS[who])).cookie };
}

/** A pending edit suggestion of the verified member on the owner's public video. */
async function pendingSuggestion(): Promise<string> {
  const videoId = await createVideo(t.db, f.users.owner.id);
  const response = await inject(
    'verified',
    send('POST', `/api/videos/${videoId}/edit_suggestions`, valid.editValues),
  );
  if (response.statusCode !== 201) throw new Error(`suggestion: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** A new open ("price by request") license request of the verified member; returns its id. */
async function openLicenseRequest(): Promise<string> {
  const body = await licenseRequestBody(t.db, f.users.verified.id);
  const response = await inject(
    'verified',
    send('POST', `/api/videos/${f.licensableVideo}/license-requests`, body),
  );
  if (response.statusCode !== 201)
    throw new Error(`license request: ${response.statusCode} ${response.body}`);
  return response.json().id;
}
/** A valid license request body of `who` (with an address of theirs, when they can have one). */
async function licenseBodyOf(who: Who) {
  return licenseRequestBody(t.db, who === 'anonymous' ? f.users.verified.id : f.users[who].id);
}

/** An unfinished upload of the owner's waiting video; returns its id. */
async function ownersUpload(): Promise<string> {
  const videoId = await waitingVideo();
  const response = await inject('owner', tusCreation(videoId));
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return String(response.headers.location).split('/').pop() as string;
}
const tusCreation = (videoId: string): InjectOptions => ({
  method: 'POST',
  url: '/api/uploads',
  headers: {
    'tus-resumable': '1.0.0',
    'upload-length': '4',
    'upload-metadata': uploadMetadata({ videoId, filename: 'clip.mp4', filetype: 'video/mp4' }),
  },
});
const tus = (
  method: InjectOptions['method'],
  id: string,
  extra: Record<string, string> = {},
): InjectOptions => ({
  method,
  url: `/api/uploads/${id}`,
  headers: { 'tus-resumable': '1.0.0', ...extra },
});

const TV_OFF_HOST = all(404);

/** The back office (issue 20); a change gets a fresh user each call. */
const BACK_OFFICE: Record<string, Row> = {
  'GET /api/admin/dashboard': { expect: adminsOnly(200), request: () => get('/api/admin/dashboard') },
  'GET /api/admin/users': { expect: adminsOnly(200), request: () => get('/api/admin/users?q=user') },
  'GET /api/admin/users/{userId}': {
    expect: adminsOnly(200),
    request: (_, f) => get(`/api/admin/users/${f.users.owner.id}`),
  },
  'PUT /api/admin/users/{userId}/rights': {
    expect: adminsOnly(200),
    request: async () =>
      send('PUT', `/api/admin/users/${await createUserRow(t.db)}/rights`, { rights: ['manage_videos'] }),
  },
  'POST /api/admin/users/{userId}/disable': {
    expect: adminsOnly(200),
    request: async () => send('POST', `/api/admin/users/${await createUserRow(t.db)}/disable`, {}),
  },
  'POST /api/admin/users/{userId}/enable': {
    expect: adminsOnly(200),
    request: async () => send('POST', `/api/admin/users/${await createUserRow(t.db)}/enable`, {}),
  },
  'GET /api/admin/audit-log': { expect: adminsOnly(200), request: () => get('/api/admin/audit-log') },
};

const LICENSING: Record<string, Row> = {
  'GET /api/license-types': { expect: all(200), request: () => get('/api/license-types') },
  // Verified members but the owner; an unverified member is sent to the verification.
  'POST /api/videos/{videoId}/license-requests': {
    expect: { ...signedIn(201), member: 403, owner: 403 },
    request: async (who, f) =>
      send('POST', `/api/videos/${f.licensableVideo}/license-requests`, await licenseBodyOf(who)),
  },
  'GET /api/me/license-requests': { expect: signedIn(200), request: () => get('/api/me/license-requests') },
  'GET /api/admin/license-requests': {
    expect: managersOnly(200),
    request: () => get('/api/admin/license-requests?q=harbour'),
  },
  'GET /api/license-requests/{id}': {
    expect: buyerAndManagers(200),
    request: (_, f) => get(`/api/license-requests/${f.licenseRequest}`),
  },
  'POST /api/license-requests/{id}/cancel': {
    expect: buyerAndManagers(200),
    request: async () =>
      send('POST', `/api/license-requests/${await openLicenseRequest()}/cancel`, {
        reason: 'No longer needed',
      }),
  },
  // The buyer sees the request but may not price it.
  'POST /api/license-requests/{id}/quote': {
    expect: { ...buyerAndManagers(200), verified: 403 },
    request: async () =>
      send('POST', `/api/license-requests/${await openLicenseRequest()}/quote`, { priceCents: 9900 }),
  },
  // A completed sale (the owner bought it): license managers refund it, everyone else is refused.
  'POST /api/license-requests/{id}/refund': {
    expect: managersOnly(200),
    request: async () =>
      send('POST', `/api/license-requests/${await paidLicense()}/refund`, valid.licenseRefundValues),
  },
  'GET /api/license-requests/{id}/messages': {
    expect: buyerAndManagers(200),
    request: (_, f) => get(`/api/license-requests/${f.licenseRequest}/messages`),
  },
  'POST /api/license-requests/{id}/messages': {
    expect: buyerAndManagers(201),
    request: (_, f) =>
      send('POST', `/api/license-requests/${f.licenseRequest}/messages`, { body: 'Is a year fine?' }),
  },
};

/** A fresh feed with one partner, made by the admin: its id, the partner's token id and URL path. */
async function freshFeed() {
  const { feed, token, url } = await t.app.services.mrssFeeds.create(f.users.admin.id, valid.mrssFeedValues);
  return { feedId: feed.id, tokenId: token.id, path: new URL(url).pathname };
}
const MRSS: Record<string, Row> = {
  'GET /api/admin/mrss-feeds': { expect: adminsOnly(200), request: () => get('/api/admin/mrss-feeds') },
  'POST /api/admin/mrss-feeds': {
    expect: adminsOnly(201),
    request: () => send('POST', '/api/admin/mrss-feeds', valid.mrssFeedValues),
  },
  'POST /api/admin/mrss-feeds/preview': {
    expect: adminsOnly(200),
    request: () => send('POST', '/api/admin/mrss-feeds/preview', { filter: valid.mrssFeedValues.filter }),
  },
  'PUT /api/admin/mrss-feeds/{feedId}': {
    expect: adminsOnly(200),
    request: async () =>
      send('PUT', `/api/admin/mrss-feeds/${(await freshFeed()).feedId}`, valid.mrssFeedValues),
  },
  'DELETE /api/admin/mrss-feeds/{feedId}': {
    expect: adminsOnly(204),
    request: async () => send('DELETE', `/api/admin/mrss-feeds/${(await freshFeed()).feedId}`),
  },
  'POST /api/admin/mrss-feeds/{feedId}/tokens': {
    expect: adminsOnly(201),
    request: async () =>
      send('POST', `/api/admin/mrss-feeds/${(await freshFeed()).feedId}/tokens`, valid.mrssTokenValues),
  },
  'POST /api/admin/mrss-feeds/{feedId}/tokens/{tokenId}/revoke': {
    expect: adminsOnly(200),
    request: async () => {
      const { feedId, tokenId } = await freshFeed();
      return send('POST', `/api/admin/mrss-feeds/${feedId}/tokens/${tokenId}/revoke`);
    },
  },
  'POST /api/admin/mrss-feeds/{feedId}/tokens/{tokenId}/regenerate': {
    expect: adminsOnly(201),
    request: async () => {
      const { feedId, tokenId } = await freshFeed();
      return send('POST', `/api/admin/mrss-feeds/${feedId}/tokens/${tokenId}/regenerate`);
    },
  },
  // The partner's feed: whoever holds the URL, signed in or not.
  'GET /api/feeds/mrss/{file}': { expect: all(200), request: async () => get((await freshFeed()).path) },
};

/** A new report from the floating modal, for one caller to handle. */
const newAbuseReport = async () =>
  (
    await t.db
      .insertInto('abuse_requests')
      .values({ ...valid.abuseReportValues, user_id: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const pdfUpload = async (): Promise<InjectOptions> => ({
  method: 'PUT',
  url: '/api/admin/terms',
  headers: { 'content-type': 'application/pdf' },
  payload: await pdfBytes(),
});

const SETTINGS_AND_DOCUMENTS: Record<string, Row> = {
  'GET /api/admin/settings': { expect: adminsOnly(200), request: () => get('/api/admin/settings') },
  'PUT /api/admin/settings': {
    expect: adminsOnly(200),
    request: () => send('PUT', '/api/admin/settings', valid.appSettingsValues),
  },
  'GET /api/admin/license-types': { expect: adminsOnly(200), request: () => get('/api/admin/license-types') },
  'POST /api/admin/license-types': {
    expect: adminsOnly(201),
    request: () => send('POST', '/api/admin/license-types', valid.licenseTypeValues),
  },
  'PUT /api/admin/license-types/{licenseTypeId}': {
    expect: adminsOnly(200),
    request: async () =>
      send('PUT', `/api/admin/license-types/${await licenseTypeId(t.db, 'editorial_broadcast')}`, {
        ...valid.licenseTypeValues,
        scope: 'editorial_broadcast',
      }),
  },
  'GET /api/terms': { expect: all(200), request: () => get('/api/terms') },
  'GET /api/terms/file': {
    expect: all(200),
    request: async () => {
      await t.storage.put('public/terms_of_service.pdf', await pdfBytes(), 'application/pdf');
      return get('/api/terms/file');
    },
  },
  'PUT /api/admin/terms': { expect: adminsOnly(200), request: pdfUpload },
  'GET /api/privacy': { expect: all(200), request: () => get('/api/privacy') },
  'PUT /api/admin/privacy': {
    expect: adminsOnly(200),
    request: () => send('PUT', '/api/admin/privacy', valid.privacyPolicyValues),
  },
  'GET /api/admin/abuse-reports': { expect: adminsOnly(200), request: () => get('/api/admin/abuse-reports') },
  'POST /api/admin/abuse-reports/{reportId}/handle': {
    expect: adminsOnly(200),
    request: async () =>
      send('POST', `/api/admin/abuse-reports/${await newAbuseReport()}/handle`, valid.abuseHandleValues),
  },
};

const MATRIX: Record<string, Row> = {
  'GET /healthz': { expect: all(200), request: () => get('/healthz') },
  'GET /readyz': { expect: all(200), request: () => get('/readyz') },
  // The metrics' key is METRICS_TOKEN, never a session: every caller without it is refused (see below).
  'GET /metrics': { expect: all(401), request: () => get('/metrics') },
  'GET /api/config': { expect: all(200), request: () => get('/api/config') },
  'GET /api/session': { expect: all(200), request: () => get('/api/session') },
  'GET /api/captcha': { expect: all(200), request: () => get('/api/captcha') },
  'GET /api/keywords': { expect: all(200), request: () => get('/api/keywords') },
  'GET /api/keywords/suggestions': { expect: all(200), request: () => get('/api/keywords/suggestions?q=st') },
  'GET /api/videos/search': { expect: all(200), request: () => get('/api/videos/search?q=harbour') },
  'GET /api/users': { expect: all(200), request: () => get('/api/users') },
  'GET /api/users/{userId}': { expect: all(200), request: (_, f) => get(`/api/users/${f.users.owner.id}`) },
  'POST /api/abuse-reports': {
    expect: all(201),
    request: () => send('POST', '/api/abuse-reports', valid.abuseReportValues),
  },
  'GET /api/auth-actions/reset-password/{code}': {
    expect: all(400),
    request: () => get('/api/auth-actions/reset-password/not-a-code'),
  },
  'POST /api/auth-actions/verify-email': {
    expect: all(400),
    request: () => send('POST', '/api/auth-actions/verify-email', { code: 'not-a-code' }),
  },
  'POST /api/auth-actions/recover-email': {
    expect: all(400),
    request: () => send('POST', '/api/auth-actions/recover-email', { code: 'not-a-code' }),
  },
  // Accepted: a confirmation link goes to the new address.
  'POST /api/account/email': {
    expect: signedIn(202),
    request: (who) =>
      send('POST', '/api/account/email', { newEmail: `${who}-new@example.com`, password: 'secret-password' }),
  },
  'PUT /api/account/language': {
    expect: signedIn(200),
    request: () => send('PUT', '/api/account/language', { language: 'el' }),
  },
  // Every test user signed up with a password: setting one is for social-only accounts.
  'POST /api/account/password': {
    expect: signedIn(400),
    request: () => send('POST', '/api/account/password', { newPassword: 'another-password' }),
  },
  'GET /api/verification': { expect: signedIn(200), request: () => get('/api/verification') },
  // The verification steps are the unverified member's; the others have done them already.
  'POST /api/verification/email': {
    expect: { ...signedIn(409), member: 200 },
    request: (who, f) =>
      send('POST', '/api/verification/email', {
        email: who === 'anonymous' ? 'x@example.com' : f.users[who].email,
      }),
  },
  'POST /api/verification/email/code': {
    expect: { ...signedIn(409), member: 200 },
    request: () => send('POST', '/api/verification/email/code'),
  },
  'POST /api/verification/email/verify': {
    expect: { ...signedIn(409), member: 400 },
    request: () => send('POST', '/api/verification/email/verify', { code: '123456' }),
  },
  'POST /api/verification/phone': {
    expect: signedIn(400),
    request: () =>
      send('POST', '/api/verification/phone', { phoneNumber: '+35799000001', captcha: 'not-solved' }),
  },
  'POST /api/verification/phone/verify': {
    expect: signedIn(400),
    request: () => send('POST', '/api/verification/phone/verify', { code: '123456' }),
  },
  'GET /api/events': { expect: signedIn(200), request: () => get('/api/events'), stream: true },
  'GET /api/me/billing-addresses': { expect: signedIn(200), request: () => get('/api/me/billing-addresses') },
  'POST /api/me/billing-addresses': {
    expect: signedIn(201),
    request: () => send('POST', '/api/me/billing-addresses', valid.billingValues),
  },
  // Another user's address is not found: no user id in the path, every query is the caller's own.
  'PUT /api/me/billing-addresses/{id}': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () =>
      send('PUT', `/api/me/billing-addresses/${await ownersAddress()}`, valid.billingValues),
  },
  'DELETE /api/me/billing-addresses/{id}': {
    expect: { ...signedIn(404), owner: 204 },
    request: async () => send('DELETE', `/api/me/billing-addresses/${await ownersAddress()}`),
  },
  'POST /api/me/billing-addresses/{id}/default': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => send('POST', `/api/me/billing-addresses/${await ownersAddress()}/default`),
  },
  'GET /api/me/standing-requests': { expect: signedIn(200), request: () => get('/api/me/standing-requests') },
  'POST /api/me/standing-requests': {
    expect: signedIn(201),
    request: () =>
      send('POST', '/api/me/standing-requests', { name: 'Storms', search: { keywords: 'storm' } }),
  },
  // Another member's request is not found: no user id in the path, every query is the caller's own.
  'PATCH /api/me/standing-requests/{id}': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () =>
      send('PATCH', `/api/me/standing-requests/${await ownersStandingRequest()}`, { paused: true }),
  },
  'DELETE /api/me/standing-requests/{id}': {
    expect: { ...signedIn(404), owner: 204 },
    request: async () => send('DELETE', `/api/me/standing-requests/${await ownersStandingRequest()}`),
  },
  'GET /api/me/standing-requests/{id}/matches': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => get(`/api/me/standing-requests/${await ownersStandingRequest()}/matches`),
  },
  'GET /api/demand': { expect: signedIn(200), request: () => get('/api/demand') },
  'GET /api/me/collections': { expect: signedIn(200), request: () => get('/api/me/collections') },
  'POST /api/me/collections': {
    expect: signedIn(201),
    request: () => send('POST', '/api/me/collections', { name: 'Picks' }),
  },
  // Another member's collection is not found: no user id in the path, every query is the caller's own.
  'GET /api/me/collections/{id}': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => get(await collectionUrl()),
  },
  'PATCH /api/me/collections/{id}': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => send('PATCH', await collectionUrl(), { name: 'Renamed' }),
  },
  'DELETE /api/me/collections/{id}': {
    expect: { ...signedIn(404), owner: 204 },
    request: async () => send('DELETE', await collectionUrl()),
  },
  'PUT /api/me/collections/{id}/items/{videoId}': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => send('PUT', await collectionUrl(`/items/${f.licensedVideo}`), { note: 'Wide shot' }),
  },
  'DELETE /api/me/collections/{id}/items/{videoId}': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => send('DELETE', await collectionUrl(`/items/${f.publicVideo}`)),
  },
  'PUT /api/me/collections/{id}/order': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => send('PUT', await collectionUrl('/order'), { videoIds: [f.publicVideo] }),
  },
  'POST /api/me/collections/{id}/share': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => send('POST', await collectionUrl('/share')),
  },
  'DELETE /api/me/collections/{id}/share': {
    expect: { ...signedIn(404), owner: 204 },
    request: async () => send('DELETE', await collectionUrl('/share')),
  },
  // One request for several clips of the caller's own collection (verified members only).
  'POST /api/me/collections/{id}/license-requests': {
    expect: { ...signedIn(404), member: 403, owner: 201 },
    request: async () =>
      send(
        'POST',
        `/api/me/collections/${await ownersCollectionToLicense()}/license-requests`,
        await bundleBody(),
      ),
  },
  // A bundle follows its requests: its buyer and license managers; to anyone else it does not exist.
  'GET /api/license-bundles/{id}': {
    expect: { ...signedIn(404), owner: 200, manager: 200, admin: 200 },
    request: async () => get(`/api/license-bundles/${await ownersBundle()}`),
  },
  // The secret link opens the collection for whoever holds it, signed in or not.
  'GET /api/shared-collections/{token}': {
    expect: all(200),
    request: async () => get(`/api/shared-collections/${(await ownersCollection()).token}`),
  },
  // The e-mail's signed link works for whoever holds it, signed in or not.
  'POST /api/standing-requests/{id}/unsubscribe': {
    expect: all(200),
    request: async () => {
      const id = await ownersStandingRequest();
      return send(
        'POST',
        `/api/standing-requests/${id}/unsubscribe?token=${unsubscribeToken(TEST_SECRET, id)}`,
      );
    },
  },
  // A new user of each kind, so that saving a profile leaves the shared callers as they are.
  'PUT /api/me/profile': {
    expect: signedIn(200),
    request: async (who) => ({
      ...send('PUT', '/api/me/profile', valid.profileValues()),
      headers: await freshCookie(who),
    }),
  },
  'GET /api/me/dashboard': { expect: signedIn(200), request: () => get('/api/me/dashboard') },
  'GET /api/me/referrals': { expect: signedIn(200), request: () => get('/api/me/referrals') },
  // Earnings: every read is the caller's own; a request id of the owner's is not found for anyone else.
  'GET /api/me/balances': { expect: signedIn(200), request: () => get('/api/me/balances') },
  'GET /api/me/transactions': { expect: signedIn(200), request: () => get('/api/me/transactions') },
  'GET /api/me/statements': { expect: signedIn(200), request: () => get('/api/me/statements') },
  // Each caller's own statement (an empty one for a member without movements); a visitor has none.
  'GET /api/me/statements/{month}': {
    expect: signedIn(200),
    request: () => get(`/api/me/statements/${monthOf(new Date())}`),
  },
  'GET /api/me/transactions/export': {
    expect: signedIn(200),
    request: () => get('/api/me/transactions/export'),
  },
  'GET /api/me/withdrawal-requests': {
    expect: signedIn(200),
    request: () => get('/api/me/withdrawal-requests'),
  },
  // The owner is given an available 100.00 first; everyone else has no balance to withdraw from, and an
  // unverified member may not withdraw at all.
  'POST /api/me/withdrawal-requests': {
    expect: { ...signedIn(409), member: 403, owner: 201 },
    request: async (who) => {
      if (who === 'owner')
        await saleEarning(t, f.users.owner.id, { amountCents: 10_000, availableInDays: -1 });
      return send('POST', '/api/me/withdrawal-requests', paypal(5000));
    },
  },
  'POST /api/me/withdrawal-requests/{withdrawalRequestId}/cancel': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => {
      await saleEarning(t, f.users.owner.id, { amountCents: 10_000, availableInDays: -1 });
      const created = await t.app.services.withdrawals.request(f.users.owner.id, paypal(5000));
      return send('POST', `/api/me/withdrawal-requests/${created.id}/cancel`);
    },
  },
  'GET /api/me/edit_suggestions': { expect: signedIn(200), request: () => get('/api/me/edit_suggestions') },
  'GET /api/me/profile-images': { expect: signedIn(200), request: () => get('/api/me/profile-images') },
  'PUT /api/me/avatar': { expect: signedIn(200), request: () => image('PUT', '/api/me/avatar') },
  'DELETE /api/me/avatar': { expect: signedIn(200), request: () => send('DELETE', '/api/me/avatar') },
  // The cover belongs to a public profile: verified members only.
  'PUT /api/me/cover': {
    expect: { ...signedIn(200), member: 403 },
    request: () => image('PUT', '/api/me/cover'),
  },
  'DELETE /api/me/cover': { expect: signedIn(200), request: () => send('DELETE', '/api/me/cover') },
  'GET /api/videos': { expect: all(200), request: () => get('/api/videos') },
  'POST /api/videos': {
    expect: { ...signedIn(201), member: 403 },
    request: () => send('POST', '/api/videos', submission()),
  },
  // A video staff have not reviewed is the owner's and staff's: to anyone else it does not exist.
  'GET /api/videos/{videoId}': {
    expect: { ...all(404), owner: 200, staff: 200, admin: 200 },
    request: (_, f) => get(`/api/videos/${f.hiddenVideo}`),
  },
  'GET /api/videos/{videoId}/playback': {
    expect: { ...all(404), owner: 200, staff: 200, admin: 200 },
    request: (_, f) => get(`/api/videos/${f.hiddenVideo}/playback`),
  },
  // A view of a video staff have not reviewed: only those who may see it may report one (and the owner's
  // and staff's count for nothing).
  'POST /api/videos/{videoId}/views': {
    expect: { ...all(404), owner: 204, staff: 204, admin: 204 },
    request: (_, f) => send('POST', `/api/videos/${f.hiddenVideo}/views`),
  },
  // An open of that page, likewise; an appearance in search results is anyone's to report (a video that is
  // not there adds nothing).
  'POST /api/videos/{videoId}/opens': {
    expect: { ...all(404), owner: 204, staff: 204, admin: 204 },
    request: (_, f) => send('POST', `/api/videos/${f.hiddenVideo}/opens`, { searchWords: 'harbour' }),
  },
  'POST /api/videos/search/appearances': {
    expect: all(204),
    request: (_, f) => send('POST', '/api/videos/search/appearances', { videoIds: [f.publicVideo] }),
  },
  // A creator's analytics are their own: another member's video is not found, whoever asks.
  'GET /api/me/analytics': { expect: signedIn(200), request: () => get('/api/me/analytics?period=12m') },
  'GET /api/me/analytics/videos/{videoId}': {
    expect: { ...signedIn(404), owner: 200 },
    request: (_, f) => get(`/api/me/analytics/videos/${f.publicVideo}`),
  },
  // What the original file says of its filming: staff, license managers and the holder of a completed
  // license (here the owner, as the buyer of another creator's video); other members are refused.
  'GET /api/videos/{videoId}/provenance': {
    expect: { ...signedIn(403), owner: 200, staff: 200, manager: 200, admin: 200 },
    request: async (_, f) => {
      await paidLicense();
      return get(`/api/videos/${f.licensedVideo}/provenance`);
    },
  },
  'GET /api/videos/{videoId}/editable': {
    expect: { ...all(404), owner: 200, staff: 200, admin: 200 },
    request: (_, f) => get(`/api/videos/${f.hiddenVideo}/editable`),
  },
  // Withdrawing is the owner's alone, for a video whose file never came; anyone else finds nothing.
  'DELETE /api/videos/{videoId}': {
    expect: { ...signedIn(404), owner: 204 },
    request: async () => send('DELETE', `/api/videos/${await waitingVideo()}`),
  },
  'PUT /api/videos/{videoId}': {
    expect: { ...signedIn(403), owner: 200, staff: 200, admin: 200 },
    request: async () =>
      send('PUT', `/api/videos/${await createVideo(t.db, f.users.owner.id)}`, valid.editValues),
  },
  'POST /api/videos/{videoId}/edit_suggestions': {
    expect: { ...signedIn(201), member: 403, owner: 403 },
    request: (_, f) => send('POST', `/api/videos/${f.publicVideo}/edit_suggestions`, valid.editValues),
  },
  'POST /api/videos/{videoId}/status': {
    expect: staffOnly(200),
    request: async () =>
      send('POST', `/api/videos/${await reviewableVideo()}/status`, { to: 'approved', reason: '' }),
  },
  'POST /api/videos/{videoId}/publishing/retry': {
    expect: staffOnly(200),
    request: async () =>
      send(
        'POST',
        `/api/videos/${await createVideo(t.db, f.users.owner.id, { status: 'yt_upload_error' })}/publishing/retry`,
      ),
  },
  'GET /api/videos/{videoId}/history': {
    expect: staffOnly(200),
    request: (_, f) => get(`/api/videos/${f.hiddenVideo}/history`),
  },
  'GET /api/review/videos': { expect: staffOnly(200), request: () => get('/api/review/videos') },
  // A possible copy names the other video and its uploader: staff's to see and judge.
  'GET /api/videos/{videoId}/copy_check': {
    expect: staffOnly(200),
    request: (_, f) => get(`/api/videos/${f.hiddenVideo}/copy_check`),
  },
  'POST /api/videos/{videoId}/copy_check/decision': {
    expect: staffOnly(200),
    request: async () =>
      send('POST', `/api/videos/${await flaggedVideo()}/copy_check/decision`, { decision: 'duplicate' }),
  },
  'GET /api/video_edits': { expect: staffOnly(200), request: () => get('/api/video_edits') },
  'POST /api/video_edits/{suggestionId}/apply': {
    expect: staffOnly(200),
    request: async () => send('POST', `/api/video_edits/${await pendingSuggestion()}/apply`),
  },
  'POST /api/video_edits/{suggestionId}/reject': {
    expect: staffOnly(200),
    request: async () =>
      send('POST', `/api/video_edits/${await pendingSuggestion()}/reject`, {
        reason: 'Not what the video shows',
      }),
  },
  // Uploads: only verified users create one, only for a video of their own; an upload is its creator's.
  'POST /api/uploads': {
    expect: { ...signedIn(403), owner: 201 },
    request: async () => tusCreation(await waitingVideo()),
  },
  'HEAD /api/uploads/{id}': {
    expect: { ...signedIn(403), owner: 200 },
    request: async () => tus('HEAD', await ownersUpload()),
  },
  'PATCH /api/uploads/{id}': {
    expect: { ...signedIn(403), owner: 204 },
    request: async () => ({
      ...tus('PATCH', await ownersUpload(), {
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
      payload: Buffer.from('ab'),
    }),
  },
  'DELETE /api/uploads/{id}': {
    expect: { ...signedIn(403), owner: 204 },
    request: async () => tus('DELETE', await ownersUpload()),
  },
  // Files of private paths open only with a valid signature, whoever asks.
  'GET /api/files/{*}': {
    expect: all(403),
    request: (_, f) => get(`/api/files/videos/${f.hiddenVideo}.mp4`),
  },
  // License payments: the buyer's alone; to anyone else the request does not exist.
  'GET /api/license-requests/{id}/payment': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => get(`/api/license-requests/${await buyersRequest()}/payment`),
  },
  'POST /api/license-requests/{id}/checkout': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => send('POST', `/api/license-requests/${await buyersRequest()}/checkout`),
  },
  'POST /api/license-bundles/{id}/refund': {
    expect: managersOnly(200),
    request: async () =>
      send('POST', `/api/license-bundles/${await paidBundle()}/refund`, valid.licenseRefundValues),
  },
  'POST /api/license-bundles/{id}/checkout': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => send('POST', `/api/license-bundles/${await ownersBundle()}/checkout`),
  },
  // The original: the buyer of a completed license and staff; nobody else finds it. The certificate
  // (the buyer's billing name, address, e-mail and phone) follows the request: buyer and license managers.
  'GET /api/license-requests/{id}/download': {
    expect: { ...all(404), owner: 302, staff: 302, manager: 302, admin: 302 },
    request: async () => get(`/api/license-requests/${await paidLicense()}/download`),
  },
  'GET /api/license-requests/{id}/certificate': {
    expect: { ...all(404), owner: 200, manager: 200, admin: 200 },
    request: async () => get(`/api/license-requests/${await paidLicense()}/certificate`),
  },
  // The money back office: admins only (license managers and video staff included in the refusals).
  'GET /api/admin/withdrawal-requests': {
    expect: adminsOnly(200),
    request: () => get('/api/admin/withdrawal-requests?status=pending'),
  },
  'GET /api/admin/withdrawal-requests/{id}': {
    expect: adminsOnly(200),
    request: async () => get(`/api/admin/withdrawal-requests/${await ownersWithdrawal()}`),
  },
  'POST /api/admin/withdrawal-requests/{id}/pay': {
    expect: adminsOnly(200),
    request: async () =>
      send(
        'POST',
        `/api/admin/withdrawal-requests/${await ownersWithdrawal()}/pay`,
        valid.withdrawalPayValues,
      ),
  },
  'POST /api/admin/withdrawal-requests/{id}/refresh': {
    expect: adminsOnly(200),
    request: async () => send('POST', `/api/admin/withdrawal-requests/${await ownersWithdrawal()}/refresh`),
  },
  'POST /api/admin/withdrawal-requests/{id}/reject': {
    expect: adminsOnly(200),
    request: async () =>
      send(
        'POST',
        `/api/admin/withdrawal-requests/${await ownersWithdrawal()}/reject`,
        valid.withdrawalRejectValues,
      ),
  },
  'GET /api/admin/transactions': { expect: adminsOnly(200), request: () => get('/api/admin/transactions') },
  'GET /api/admin/transactions.csv': {
    expect: adminsOnly(200),
    request: () => get('/api/admin/transactions.csv?type=withdrawal'),
  },
  'POST /api/admin/transactions': {
    expect: adminsOnly(201),
    request: (_, f) => send('POST', '/api/admin/transactions', valid.adjustmentValues(f.users.owner.email)),
  },
  // The provider's webhook takes no session: only a valid signature, which none of these carries.
  'POST /api/payments/{provider}/webhook': {
    expect: all(400),
    request: () => ({ ...send('POST', '/api/payments/sandbox/webhook', { id: 'evt_sbx_forged' }) }),
  },
  'GET /api/payments/sandbox/sessions/{sessionId}': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () => get(`/api/payments/sandbox/sessions/${await buyersCheckout()}`),
  },
  'POST /api/payments/sandbox/sessions/{sessionId}/events': {
    expect: { ...signedIn(404), owner: 200 },
    request: async () =>
      send('POST', `/api/payments/sandbox/sessions/${await buyersCheckout()}/events`, { outcome: 'paid' }),
  },
  // The TV page's API answers on TV hostnames only.
  'GET /api/tv/config': { expect: TV_OFF_HOST, request: () => get('/api/tv/config') },
  'POST /api/tv/submissions': {
    expect: TV_OFF_HOST,
    request: () => send('POST', '/api/tv/submissions', { captcha: 'x' }),
  },
  'PUT /api/tv/submissions/{id}/thumbnail': {
    expect: TV_OFF_HOST,
    request: (_, f) => send('PUT', `/api/tv/submissions/${f.hiddenVideo}/thumbnail`, { dataUrl: 'x' }),
  },
  'PUT /api/tv/submissions/{id}/signature': {
    expect: TV_OFF_HOST,
    request: (_, f) => send('PUT', `/api/tv/submissions/${f.hiddenVideo}/signature`, { dataUrl: 'x' }),
  },
  'POST /api/tv/submissions/{id}/video': {
    expect: TV_OFF_HOST,
    request: (_, f) => send('POST', `/api/tv/submissions/${f.hiddenVideo}/video`, {}),
  },
  'DELETE /api/tv/submissions/{id}': {
    expect: TV_OFF_HOST,
    request: (_, f) => send('DELETE', `/api/tv/submissions/${f.hiddenVideo}`),
  },
  'POST /api/tv/uploads': {
    expect: TV_OFF_HOST,
    request: () => ({ ...tusCreation('x'), url: '/api/tv/uploads' }),
  },
  'HEAD /api/tv/uploads/{id}': {
    expect: TV_OFF_HOST,
    request: () => ({ ...tus('HEAD', 'x'), url: '/api/tv/uploads/x' }),
  },
  'PATCH /api/tv/uploads/{id}': {
    expect: TV_OFF_HOST,
    request: () => ({ ...tus('PATCH', 'x'), url: '/api/tv/uploads/x' }),
  },
  'DELETE /api/tv/uploads/{id}': {
    expect: TV_OFF_HOST,
    request: () => ({ ...tus('DELETE', 'x'), url: '/api/tv/uploads/x' }),
  },
  ...LICENSING,
  ...MRSS,
  ...BACK_OFFICE,
  ...SETTINGS_AND_DOCUMENTS,
};

let jpeg: Buffer;
const image = (method: InjectOptions['method'], url: string): InjectOptions => ({
  method,
  url,
  headers: { 'content-type': 'image/jpeg' },
  payload: jpeg,
});

let addresses = 0;
/** One request as `who`, from our own origin and a fresh client address (clear of the rate limits). */
function inject(who: Who, options: InjectOptions, stream = false) {
  const n = ++addresses;
  return t.app.inject({
    ...options,
    headers: {
      origin: t.config.publicUrl,
      ...(who !== 'anonymous' && { cookie: f.users[who].cookie }),
      ...options.headers,
    },
    remoteAddress: `10.90.${Math.floor(n / 250) % 250}.${n % 250}`,
    ...(stream && { payloadAsStream: true }),
  });
}

// Publishing to YouTube on, with a queue that only counts: the retry endpoint then answers staff 200.
// Metrics on, so /metrics is published and answers as declared.
const METRICS_TOKEN = 'metrics-token-of-the-matrix-0123456789abcdef';
const t = setUpTestApp({ METRICS_TOKEN }, { enqueuePublishing: async () => {} });
beforeAll(async () => {
  jpeg = await jpegBytes(400, 400);
  const users = {
    member: await createUser(t, KINDS.member),
    verified: await createUser(t, KINDS.verified),
    owner: await createUser(t, KINDS.owner),
    staff: await createUser(t, KINDS.staff),
    manager: await createUser(t, KINDS.manager),
    admin: await createUser(t, KINDS.admin),
  };
  const hiddenVideo = await createVideo(t.db, users.owner.id, {
    status: 'not_verified',
    title: HIDDEN_TITLE,
  });
  const path = `videos/${hiddenVideo}.mp4`;
  await t.storage.put(path, Buffer.from('not really a video'), 'video/mp4');
  await t.db.updateTable('videos').set({ path }).where('id', '=', hiddenVideo).execute();
  f = {
    users,
    hiddenVideo,
    publicVideo: await createVideo(t.db, users.owner.id),
    licensedVideo: await licensableVideo(t, (await createUser(t, { verified: true })).id),
    licensableVideo: await createVideo(t.db, users.owner.id, { status: 'ready' }),
    licenseRequest: '',
    signature: await pngDataUrl(),
    ownerSecrets: [],
  };
  const owner = await t.db
    .selectFrom('users')
    .innerJoin('user_accounts', 'user_accounts.user_id', 'users.id')
    .select(['users.email', 'users.phone_number', 'user_accounts.name'])
    .where('users.id', '=', users.owner.id)
    .executeTakeFirstOrThrow();
  await ownersAddress();
  f.licenseRequest = await openLicenseRequest();
  f.ownerSecrets = [
    owner.email,
    owner.phone_number ?? 'no phone',
    owner.name,
    OWNER_STREET,
    HIDDEN_TITLE,
    'signatures/',
    `videos/${hiddenVideo}`,
  ];
}, 120_000);

describe('the endpoint-by-caller matrix', () => {
  it('declares every operation the API publishes, and nothing it does not', async () => {
    const published = (await publishedOperations(t.app))
      .filter((operation) => !isPageRedirect(operation))
      .map((operation) => operation.key)
      .sort();
    const declared = Object.keys(MATRIX).sort();
    expect({
      undeclared: published.filter((operation) => !declared.includes(operation)),
      unpublished: declared.filter((operation) => !published.includes(operation)),
    }).toEqual({ undeclared: [], unpublished: [] });
  });

  it.each(Object.keys(MATRIX))('%s answers each caller as declared', async (operation) => {
    const row = MATRIX[operation] as Row;
    const answers: Partial<Expected> = {};
    const bodies: string[] = [];
    for (const who of CALLERS) {
      const response = await inject(who, await row.request(who, f), row.stream);
      answers[who] = response.statusCode;
      if (row.stream) response.stream().destroy();
      else bodies.push(`${who}: ${response.body.slice(0, 200)}`);
      if (OUTSIDERS.includes(who) && !row.stream) {
        const leaked = f.ownerSecrets.filter((secret) => response.body.includes(secret));
        expect(leaked, `${who} was shown the owner's private data`).toEqual([]);
      }
    }
    // On a difference, the answers' bodies say why each caller got what they got.
    expect(answers, bodies.join('\n')).toEqual(row.expect);
  });
});

describe('the metrics', () => {
  it('answer only the bearer of METRICS_TOKEN, whoever is signed in, and name nobody after the whole matrix', async () => {
    for (const who of ['anonymous', 'admin'] as const) {
      const wrong = await inject(who, {
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN.replace(/.$/, '-')}` },
      });
      expect(wrong.statusCode, who).toBe(401);
      const right = await inject(who, {
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(right.statusCode, who).toBe(200);
    }
    // Every operation above was called with real ids: the scrape has their patterns, never their values.
    const text = (
      await inject('anonymous', { url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).body;
    expect(text).toContain('route="/api/videos/:videoId"');
    const ids = [
      ...Object.values(f.users).map((user) => user.id),
      f.hiddenVideo,
      f.publicVideo,
      f.licenseRequest,
    ];
    const named = [...f.ownerSecrets, ...ids].filter((value) => text.includes(value));
    expect(named).toEqual([]);
  });
});

describe('license managers at arm’s length', () => {
  /** A license the manager bought (priced, paid through the sandbox) of another creator's video. */
  async function managersPaidLicense(): Promise<string> {
    const id = await createLicenseRequest(t.db, { videoId: f.licensedVideo, buyerId: f.users.manager.id });
    const { sessionId } = await startCheckout(t, f.users.manager, id);
    const signed = await inject(
      'manager',
      send('POST', `/api/payments/sandbox/sessions/${sessionId}/events`, { outcome: 'paid' }),
    );
    await deliverSandboxEvent(t, signed.json());
    return id;
  }

  it('refuses a manager who is the buyer or the video’s owner: no quote, no cancel for the buyer, no refund', async () => {
    const managersVideo = await licensableVideo(t, f.users.admin.id, 'The admin’s own clip');
    const ofOwnVideo = await createLicenseRequest(t.db, {
      videoId: managersVideo,
      buyerId: f.users.verified.id,
      status: 'open',
      priceCents: null,
    });
    const bought = await createLicenseRequest(t.db, {
      videoId: f.licensedVideo,
      buyerId: f.users.manager.id,
      status: 'open',
      priceCents: null,
    });
    const paid = await managersPaidLicense();
    const refusals: [Who, InjectOptions][] = [
      ['admin', send('POST', `/api/license-requests/${ofOwnVideo}/quote`, { priceCents: 1 })],
      ['admin', send('POST', `/api/license-requests/${ofOwnVideo}/cancel`, { reason: 'Mine' })],
      ['manager', send('POST', `/api/license-requests/${bought}/quote`, { priceCents: 1 })],
      ['manager', send('POST', `/api/license-requests/${paid}/refund`, valid.licenseRefundValues)],
    ];
    for (const [who, options] of refusals) {
      const response = await inject(who, options);
      expect(response.statusCode, `${who} ${options.url}`).toBe(403);
      expect(response.json().code).toBe('OWN_LICENSE_REQUEST');
    }
    const statuses = await t.db
      .selectFrom('license_requests')
      .select(['id', 'status', 'price_cents'])
      .where('id', 'in', [ofOwnVideo, bought, paid])
      .execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, [row.status, row.price_cents]]))).toEqual({
      [ofOwnVideo]: ['open', null],
      [bought]: ['open', null],
      [paid]: ['completed', 4900],
    });
    // Another manager decides them; the manager who bought still cancels their own request as its buyer.
    expect(
      (
        await inject(
          'manager',
          send('POST', `/api/license-requests/${ofOwnVideo}/quote`, { priceCents: 9900 }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await inject('manager', send('POST', `/api/license-requests/${bought}/cancel`, {}))).statusCode,
    ).toBe(200);
  });
});
