import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_URL_SECONDS, type VideoDetail, type VideoPlayback } from '../../../common/contracts/videos';
import { createUser, createVideo } from '../../../tests/support/factories';
import { createLicenseRequest } from '../../../tests/support/licensing-factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { makeVerified, signUp } from '../../../tests/support/test-app';

/** GET /api/videos/{id} and /playback: who sees a video page, what they may do, and the signed file URL. */
type User = { id: string; cookie: string };
let owner: User;
let stranger: User;
let buyer: User;
let staff: User;
let admin: User;
const fileBytes = crypto.randomBytes(300_000);
const previewBytes = crypto.randomBytes(120_000);
const ids: Record<string, string> = {};

const t = setUpTestApp();
beforeAll(async () => {
  owner = await signUp(t, { email: 'page-owner@example.com', name: 'Page Owner' });
  stranger = await signUp(t, { email: 'page-stranger@example.com' });
  buyer = await signUp(t, { email: 'page-buyer@example.com' });
  staff = await createUser(t, { email: 'page-staff@example.com', rights: ['manage_videos'] });
  admin = await createUser(t, { email: 'page-admin@example.com', rights: ['admin'] });
  await makeVerified(t, buyer, 'PageBuyer');
  await t.db.updateTable('users').set({ referrer_id: stranger.id }).where('id', '=', owner.id).execute();

  for (const status of ['ready', 'approved', 'not_verified', 'declined']) {
    const id = crypto.randomUUID();
    ids[status] = id;
    await t.storage.put(`videos/${id}.mp4`, fileBytes, 'video/mp4');
    await createVideo(t.db, owner.id, {
      id,
      title: `A ${status} video`,
      description: 'First paragraph.\n\nSecond paragraph.',
      keywords: ['sea', 'θάλασσα'],
      status,
      path: `videos/${id}.mp4`,
      duration: 'PT1M5S',
      date: '2026-09-14',
      time: '21:30',
      location: JSON.stringify({
        address: 'Limassol Marina, Cyprus',
        coordinates: { lat: 34.6706, lng: 33.0426 },
        zoom: 12,
      }),
    });
  }
  // The ready video's preview is made; the approved one's is still being made.
  await t.storage.put(`previews/${ids.ready}.mp4`, previewBytes, 'video/mp4');
  await t.db
    .updateTable('videos')
    .set({ preview_status: 'ready', preview_key: `previews/${ids.ready}.mp4` })
    .where('id', '=', ids.ready!)
    .execute();
  await t.db
    .updateTable('videos')
    .set({ preview_status: 'pending' })
    .where('id', '=', ids.approved!)
    .execute();
  // An approved video whose file is not in storage (external only, or lost).
  ids.noFile = await createVideo(t.db, owner.id, {
    title: 'No file',
    status: 'approved',
    youtube_id: 'dQw4w9WgXcQ',
  });
});

const get = (url: string, user?: User) => t.app.inject({ url, headers: user ? { cookie: user.cookie } : {} });
const page = async (id: string, user?: User) => {
  const response = await get(`/api/videos/${id}`, user);
  expect(response.statusCode).toBe(200);
  return response.json() as VideoDetail;
};

describe('GET /api/videos/{videoId}', () => {
  it('shows a public video to anyone, with its details', async () => {
    const video = await page(ids.ready!);
    expect(video).toMatchObject({
      id: ids.ready,
      title: 'A ready video',
      status: 'ready',
      description: 'First paragraph.\n\nSecond paragraph.',
      keywords: ['sea', 'θάλασσα'],
      date: '2026-09-14',
      time: '21:30',
      location: { address: 'Limassol Marina, Cyprus', coordinates: { lat: 34.6706, lng: 33.0426 }, zoom: 12 },
      duration: 'PT1M5S',
      hasFile: true,
      user: { id: owner.id, name: 'Page Owner' },
      // A visitor is offered the license of a ready video, and is sent to sign in when taking it.
      abilities: { edit: false, moderate: false, suggestEdit: false, license: true, provenance: false },
    });
    expect(video).not.toHaveProperty('referredBy');
  });

  it('answers a hidden video with 404 to anonymous callers and strangers, as if it did not exist', async () => {
    for (const status of ['not_verified', 'declined']) {
      for (const user of [undefined, stranger, buyer]) {
        const response = await get(`/api/videos/${ids[status]}`, user);
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
    }
    const missing = await get(`/api/videos/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('shows the owner and staff a hidden video, with what each may do', async () => {
    expect((await page(ids.not_verified!, owner)).abilities).toEqual({
      edit: true,
      moderate: false,
      suggestEdit: false,
      license: false,
      provenance: false,
    });
    expect((await page(ids.declined!, staff)).abilities).toEqual({
      edit: true,
      moderate: true,
      suggestEdit: false, // this staff member has not finished verification
      license: false,
      provenance: true,
    });
    const forAdmin = await page(ids.declined!, admin);
    expect(forAdmin.abilities.moderate).toBe(true);
    expect(forAdmin.referredBy).toEqual({ id: stranger.id, name: 'Test User' });
  });

  it("gives staff the review queue's status moves on the video page, and nobody else any", async () => {
    // The test app publishes nothing to YouTube: approving a declined video makes it ready at once.
    expect((await page(ids.declined!, staff)).nextStatuses).toEqual(['approved', 'archived']);
    expect((await page(ids.declined!, admin)).nextStatuses).toEqual(['approved', 'archived']);
    expect((await page(ids.declined!, owner)).nextStatuses).toEqual([]);
    expect((await page(ids.ready!, stranger)).nextStatuses).toEqual([]);
    expect((await page(ids.ready!)).nextStatuses).toEqual([]);
  });

  it('lets a verified stranger suggest edits, and offers the license of a ready video only', async () => {
    expect((await page(ids.ready!, buyer)).abilities).toEqual({
      edit: false,
      moderate: false,
      suggestEdit: true,
      license: true,
      provenance: false,
    });
    expect((await page(ids.approved!, buyer)).abilities.license).toBe(false);
    // Signed in, not verified: the license is offered (the verification comes first), nothing else.
    expect((await page(ids.ready!, stranger)).abilities).toEqual({
      edit: false,
      moderate: false,
      suggestEdit: false,
      license: true,
      provenance: false,
    });
  });

  it('says when there is no native file', async () => {
    expect(await page(ids.noFile!)).toMatchObject({
      hasFile: false,
      youtubeId: 'dQw4w9WgXcQ',
      location: null,
    });
  });

  it('refuses an id that is not one', async () => {
    const response = await get('/api/videos/not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/videos/{videoId}/playback', () => {
  const playback = async (id: string, user?: User) => {
    const response = await get(`/api/videos/${id}/playback`, user);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return response.json() as VideoPlayback;
  };
  const ranged = (url: string, range = 'bytes=1000-1999') => t.app.inject({ url, headers: { range } });
  /** The whole file behind a playback URL. */
  const bytesOf = async (url: string | null) => {
    expect(url).not.toBeNull();
    const response = await t.app.inject({ url: url! });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it('gives a visitor a signed URL of the preview that answers a Range request with exactly those bytes', async () => {
    const before = t.clock.now().getTime();
    const { rendition, ready, url, expiresAt, contentType } = await playback(ids.ready!);
    expect([rendition, ready, contentType]).toEqual(['preview', true, 'video/mp4']);
    // A path on our own site: the page plays it on whatever host name it was opened with.
    expect(url).toMatch(/^\/api\/files\/previews\//);
    const lifetime = new Date(expiresAt!).getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(PLAYBACK_URL_SECONDS * 1000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(PLAYBACK_URL_SECONDS * 1000 + 1000);

    const response = await ranged(url!);
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 1000-1999/${previewBytes.length}`);
    expect(response.rawPayload.equals(previewBytes.subarray(1000, 2000))).toBe(true);

    const tail = await ranged(url!, 'bytes=-100');
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(previewBytes.subarray(-100))).toBe(true);
  });

  it('gives the preview to everyone but the owner and staff (and license holders, below), who get the original', async () => {
    const expected: [string, User | undefined, 'preview' | 'original', Buffer][] = [
      ['visitor', undefined, 'preview', previewBytes],
      ['member', stranger, 'preview', previewBytes],
      ['verified member (a buyer before payment)', buyer, 'preview', previewBytes],
      ['owner', owner, 'original', fileBytes],
      ['manage_videos staff', staff, 'original', fileBytes],
      ['admin', admin, 'original', fileBytes],
    ];
    for (const [who, user, rendition, bytes] of expected) {
      const answer = await playback(ids.ready!, user);
      expect({ who, rendition: answer.rendition, ready: answer.ready }).toEqual({
        who,
        rendition,
        ready: true,
      });
      expect((await bytesOf(answer.url)).equals(bytes)).toBe(true);
      if (rendition === 'preview') expect(answer.url).not.toContain('/videos/');
    }
  });

  it('gives the original to the holder of a completed license, and the preview again once it is refunded', async () => {
    const licensee = await signUp(t, { email: 'page-licensee@example.com' });
    const requestId = await createLicenseRequest(t.db, {
      videoId: ids.ready!,
      buyerId: licensee.id,
      status: 'completed',
    });
    // A request not yet paid gives nothing.
    await createLicenseRequest(t.db, { videoId: ids.ready!, buyerId: buyer.id, status: 'awaiting_payment' });
    expect((await playback(ids.ready!, buyer)).rendition).toBe('preview');

    const licensed = await playback(ids.ready!, licensee);
    expect(licensed.rendition).toBe('original');
    expect((await bytesOf(licensed.url)).equals(fileBytes)).toBe(true);
    // The license is of that video only.
    expect((await playback(ids.approved!, licensee)).rendition).toBe('preview');

    // A refund leaves the request cancelled: the license, and the original with it, are gone.
    await t.db
      .updateTable('license_requests')
      .set({ status: 'cancelled', refunded_at: t.clock.now() })
      .where('id', '=', requestId)
      .execute();
    const refunded = await playback(ids.ready!, licensee);
    expect(refunded.rendition).toBe('preview');
    expect((await bytesOf(refunded.url)).equals(previewBytes)).toBe(true);
  });

  it('tells a visitor the preview is being prepared, with no URL, and still gives the owner the original', async () => {
    for (const user of [undefined, stranger, buyer]) {
      expect(await playback(ids.approved!, user)).toEqual({
        rendition: 'preview',
        ready: false,
        url: null,
        expiresAt: null,
        contentType: null,
      });
    }
    const own = await playback(ids.approved!, owner);
    expect([own.rendition, own.ready]).toEqual(['original', true]);
    expect((await bytesOf(own.url)).equals(fileBytes)).toBe(true);
  });

  it('never falls back to the original when the preview failed or its file is missing', async () => {
    const id = ids.approved!;
    await t.db
      .updateTable('videos')
      .set({ preview_status: 'failed', preview_error: 'RENDER_FAILED' })
      .where('id', '=', id)
      .execute();
    expect((await playback(id)).ready).toBe(false);
    // Marked ready, but the file is not in storage.
    await t.db
      .updateTable('videos')
      .set({ preview_status: 'ready', preview_key: `previews/${id}.mp4`, preview_error: null })
      .where('id', '=', id)
      .execute();
    const answer = await playback(id);
    expect([answer.ready, answer.url]).toEqual([false, null]);
    await t.db.updateTable('videos').set({ preview_status: 'pending' }).where('id', '=', id).execute();
  });

  it('refuses a tampered signature, and a signature moved to another file', async () => {
    const { url } = await playback(ids.ready!);
    const signed = new URL(url!, 'http://localhost');
    const signature = signed.searchParams.get('signature')!;
    signed.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    expect((await ranged(signed.pathname + signed.search)).statusCode).toBe(403);
    // The preview's signature does not open the original beside it.
    expect((await ranged(url!.replace('/previews/', '/videos/'))).statusCode).toBe(403);
    const moved = url!.replace(ids.ready!, ids.declined!);
    expect((await ranged(moved)).statusCode).toBe(403);
    const later = new URL(url!, 'http://localhost');
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    expect((await ranged(later.pathname + later.search)).statusCode).toBe(403);
  });

  it('never gives a stranger a URL of a hidden video; gives the owner and staff one', async () => {
    for (const user of [undefined, stranger, buyer]) {
      const response = await get(`/api/videos/${ids.not_verified}/playback`, user);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('signature');
    }
    expect((await ranged((await playback(ids.not_verified!, owner)).url!)).statusCode).toBe(206);
    expect((await ranged((await playback(ids.declined!, staff)).url!)).statusCode).toBe(206);
  });

  it('answers 404 when the video has no file', async () => {
    expect((await get(`/api/videos/${ids.noFile}/playback`)).statusCode).toBe(404);
  });

  it('refuses the URL once it has expired', async () => {
    const { url } = await playback(ids.ready!);
    t.clock.advance((PLAYBACK_URL_SECONDS - 60) * 1000);
    expect((await ranged(url!)).statusCode).toBe(206);
    t.clock.advance(120 * 1000);
    try {
      const response = await ranged(url!);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('NOT_AUTHORIZED');
    } finally {
      t.clock.advance(-(PLAYBACK_URL_SECONDS + 60) * 1000);
    }
  });
});
