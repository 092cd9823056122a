import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ADDRESSES_MAX } from '../../common/contracts/billing';
import { closeHoldingTheLedger } from '../../tests/support/earnings';
import { createBillingAddress, createUser, createVideo, type TestUser } from '../../tests/support/factories';
import { requestAs } from '../../tests/support/requests';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import {
  createUpload,
  createWaitingVideo,
  filesInUploadDirectory,
  patchUpload,
} from '../../tests/support/uploads';
import { billingValues } from '../../tests/support/valid-bodies';

/**
 * Parallel duplicate actions where exactly one may win, or the result must stay consistent. On PostgreSQL
 * the requests really overlap (row locks decide); on the embedded database its one connection takes them
 * in turn, which must give an answer just as consistent. Each case runs a few rounds to meet more orders.
 * The username race is in me/profile.routes.test.ts, the two-caller billing races in billing.routes.test.ts.
 */
let t: TestApp;
let send: ReturnType<typeof requestAs>;
let owner: TestUser;
let suggester: TestUser;
let moderator: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  send = requestAs(t);
  owner = await createUser(t, { verified: true });
  suggester = await createUser(t, { verified: true });
  moderator = await createUser(t, { rights: ['manage_videos'] });
  admin = await createUser(t, { rights: ['admin'] });
});
afterAll(() => closeHoldingTheLedger(t));

const ROUNDS = 6;
const statusCodes = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();
const changesOf = (videoId: string) =>
  t.db
    .selectFrom('video_status_changes')
    .selectAll()
    .where('video_id', '=', videoId)
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
const keywordCount = async (keyword: string) =>
  Number(
    (
      await t.db
        .selectFrom('keyword_summary')
        .select('count')
        .where('keyword', '=', keyword)
        .executeTakeFirst()
    )?.count ?? 0,
  );

describe('two staff change one video at once', () => {
  it('approving twice: one 200, the other 409 STATUS_CHANGE_NOT_ALLOWED, one history row, counted once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const keyword = `twice${round}`;
      const id = await createVideo(t.db, owner.id, { status: 'not_verified', keywords: [keyword] });
      const responses = await Promise.all([
        send('POST', `/api/videos/${id}/status`, moderator, { to: 'approved', reason: '' }),
        send('POST', `/api/videos/${id}/status`, admin, { to: 'approved', reason: '' }),
      ]);
      expect(statusCodes(responses)).toEqual([200, 409]);
      const refused = responses.find((r) => r.statusCode === 409);
      expect(refused?.json()).toMatchObject({ code: 'STATUS_CHANGE_NOT_ALLOWED' });
      // With publishing off the winner's approval goes on to ready in its own transaction.
      expect(await changesOf(id)).toMatchObject([
        { from_status: 'not_verified', to_status: 'approved' },
        { from_status: 'approved', to_status: 'ready', changed_by: null },
      ]);
      expect(await keywordCount(keyword)).toBe(1);
    }
  });

  // The table allows not_verified -> approved (-> ready) -> declined and not_verified -> declined ->
  // approved (-> ready): both win, one after the other. The history must chain, and the summary follow
  // the status that is left.
  it('approving and declining together: both apply in some order, the history chains, the count follows', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const keyword = `either${round}`;
      const id = await createVideo(t.db, owner.id, { status: 'not_verified', keywords: [keyword] });
      const responses = await Promise.all([
        send('POST', `/api/videos/${id}/status`, moderator, { to: 'approved', reason: '' }),
        send('POST', `/api/videos/${id}/status`, admin, { to: 'declined', reason: 'Blurry.' }),
      ]);
      expect(statusCodes(responses)).toEqual([200, 200]);
      const history = await changesOf(id);
      expect(history).toHaveLength(3);
      expect(history[0]?.from_status).toBe('not_verified');
      for (let n = 1; n < history.length; n++) {
        expect(history[n]?.from_status).toBe(history[n - 1]?.to_status);
      }
      const { status } = await t.db
        .selectFrom('videos')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(status).toBe(history[2]?.to_status);
      expect(['ready', 'declined']).toContain(status);
      expect(await keywordCount(keyword)).toBe(status === 'ready' ? 1 : 0);
    }
  });
});

describe('applying and rejecting one edit suggestion at once', () => {
  it('lets exactly one decide; the other gets 409 SUGGESTION_ALREADY_DECIDED', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await createVideo(t.db, owner.id, { title: 'Harbour at dawn' });
      const created = await send('POST', `/api/videos/${id}/edit_suggestions`, suggester, {
        title: `Harbour at dawn, take ${round}`,
        description: 'Boats leaving at first light.',
        keywords: '',
        externalUrl: '',
      });
      expect(created.statusCode).toBe(201);
      const suggestionId = created.json().id as string;
      const responses = await Promise.all([
        send('POST', `/api/video_edits/${suggestionId}/apply`, moderator, {}),
        send('POST', `/api/video_edits/${suggestionId}/reject`, admin, { reason: 'Not better.' }),
      ]);
      expect(statusCodes(responses)).toEqual([200, 409]);
      const loser = responses.find((r) => r.statusCode === 409);
      expect(loser?.json()).toMatchObject({ code: 'SUGGESTION_ALREADY_DECIDED' });
      const applied = responses[0]?.statusCode === 200;
      const suggestion = await t.db
        .selectFrom('video_edit_suggestions')
        .select('status')
        .where('id', '=', suggestionId)
        .executeTakeFirstOrThrow();
      expect(suggestion.status).toBe(applied ? 'applied' : 'rejected');
      const video = await t.db
        .selectFrom('videos')
        .select('title')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(video.title).toBe(applied ? `Harbour at dawn, take ${round}` : 'Harbour at dawn');
    }
  });
});

describe('billing addresses of one user, many requests at once', () => {
  const URL = '/api/me/billing-addresses';
  const valid = billingValues;
  let address = 0;
  /** Each request from its own client address, clear of the write rate limit. */
  const call = (method: 'POST', url: string, who: TestUser, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { origin: t.config.publicUrl, cookie: who.cookie },
      remoteAddress: `10.70.${Math.floor(++address / 250)}.${address % 250}`,
    });
  const rowsOf = (userId: string) =>
    t.db.selectFrom('billing_addresses').select(['id', 'is_default']).where('user_id', '=', userId).execute();

  it('five additions at two places from the cap: exactly two are stored, never more than the cap', async () => {
    const user = await createUser(t);
    for (let n = 0; n < BILLING_ADDRESSES_MAX - 2; n++) {
      await createBillingAddress(t.db, user.id, { is_default: n === 0 });
    }
    const responses = await Promise.all(Array.from({ length: 5 }, () => call('POST', URL, user, valid)));
    expect(statusCodes(responses)).toEqual([201, 201, 409, 409, 409]);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(BILLING_ADDRESSES_MAX);
    expect(rows.filter((row) => row.is_default)).toHaveLength(1);
  });

  it('"make default" on two addresses and a new default address at once: exactly one default', async () => {
    const user = await createUser(t);
    const a = await createBillingAddress(t.db, user.id, { is_default: true });
    const b = await createBillingAddress(t.db, user.id);
    const c = await createBillingAddress(t.db, user.id);
    for (let round = 0; round < ROUNDS; round++) {
      const responses = await Promise.all([
        call('POST', `${URL}/${b}/default`, user),
        call('POST', `${URL}/${c}/default`, user),
        call('POST', `${URL}/${a}/default`, user),
        call('POST', URL, user, { ...valid, isDefault: true }),
      ]);
      expect(statusCodes(responses)).toEqual([200, 200, 200, 201]);
      expect((await rowsOf(user.id)).filter((row) => row.is_default)).toHaveLength(1);
    }
  });
});

describe('two uploads of one video finishing at once', () => {
  it('gives the video one file: one last PATCH 204, the other 409, no upload left behind', async () => {
    const metadata = (filename: string, videoId: string) => ({ videoId, filename, filetype: 'video/mp4' });
    for (let round = 0; round < ROUNDS; round++) {
      const videoId = await createWaitingVideo(t, owner.id);
      const first = await createUpload(t, owner, { length: 10, metadata: metadata('one.mp4', videoId) });
      const second = await createUpload(t, owner, { length: 20, metadata: metadata('two.mov', videoId) });
      const responses = await Promise.all([
        patchUpload(t, owner, first.location, 0, Buffer.alloc(10, 1)),
        patchUpload(t, owner, second.location, 0, Buffer.alloc(20, 2)),
      ]);
      expect(statusCodes(responses)).toEqual([204, 409]);
      const winner = responses[0]?.statusCode === 204 ? { ext: 'mp4', size: 10 } : { ext: 'mov', size: 20 };
      const video = await t.db
        .selectFrom('videos')
        .select(['path', 'size_bytes'])
        .where('id', '=', videoId)
        .executeTakeFirstOrThrow();
      expect(video).toEqual({ path: `videos/${videoId}.${winner.ext}`, size_bytes: winner.size });
      const loserExt = winner.ext === 'mp4' ? 'mov' : 'mp4';
      expect(await t.storage.exists(`videos/${videoId}.${loserExt}`)).toBe(false);
      expect(await filesInUploadDirectory(t)).toEqual([]);
    }
  });
});
