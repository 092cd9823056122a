import { beforeAll, describe, expect, it } from 'vitest';
import type { VideoListResponse } from '../../../common/contracts/videos';
import { createUser, createVideos } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

let ownerId: string;
const t = setUpTestApp();
beforeAll(async () => {
  ownerId = (await signUp(t, { email: 'creator@example.com', name: 'Creator' })).id;
  const statuses = [
    'approved',
    'ready',
    'yt_uploaded',
    'not_verified',
    'declined',
    'duplicate',
    'archived',
    'approved',
    'ready',
  ];
  const now = Date.now();
  await createVideos(
    t.db,
    ownerId,
    statuses.map((status, index) => ({
      title: `Video ${index} ${status}`,
      status,
      thumbnail: `video_thumbnails/${index}.jpg`,
      // The first has its WebP sizes; the others were made before they existed.
      thumbnail_variants: index === 0,
      created_at: new Date(now - index * 60_000),
    })),
  );
});

const list = async (query: string) => {
  const response = await t.app.inject(`/api/videos${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as VideoListResponse;
};

describe('GET /api/videos', () => {
  it('shows strangers only publicly visible videos, newest first', async () => {
    const page = await list('?limit=20');
    expect(page.items.map((v) => v.title)).toEqual([
      'Video 0 approved',
      'Video 1 ready',
      'Video 2 yt_uploaded',
      'Video 7 approved',
      'Video 8 ready',
    ]);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toMatchObject({
      user: { id: ownerId, name: 'Creator' },
      thumbnailUrl: '/files/video_thumbnails/0.jpg',
      thumbnailSrcSet: [
        '/files/video_thumbnails/0.w320.webp 320w',
        '/files/video_thumbnails/0.w480.webp 480w',
        '/files/video_thumbnails/0.w640.webp 640w',
      ].join(', '),
    });
    expect(page.items[1]).toMatchObject({
      thumbnailUrl: '/files/video_thumbnails/1.jpg',
      thumbnailSrcSet: null,
    });
  });

  it('pages with a cursor, without gaps or repeats', async () => {
    const first = await list('?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    const third = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    const titles = [...first.items, ...second.items, ...third.items].map((v) => v.title);
    expect(titles).toEqual([
      'Video 0 approved',
      'Video 1 ready',
      'Video 2 yt_uploaded',
      'Video 7 approved',
      'Video 8 ready',
    ]);
  });

  it('refuses a limit out of range and a forged cursor', async () => {
    expect((await t.app.inject('/api/videos?limit=500')).statusCode).toBe(400);
    expect((await t.app.inject('/api/videos?cursor=%25%25')).statusCode).toBe(400);
  });
});

describe("one user's videos", () => {
  it('shows an owner all their own videos, and anyone else only the public ones', async () => {
    const owner = await signUp(t, { email: 'lister@example.com' });
    const stranger = await signUp(t, { email: 'looker@example.com' });
    await createVideos(t.db, owner.id, [
      { title: 'Out there', status: 'approved' },
      { title: 'In review', status: 'not_verified' },
    ]);
    const titles = async (cookie?: string) =>
      (await t.app.inject({ url: `/api/videos?userId=${owner.id}`, headers: cookie ? { cookie } : {} }))
        .json()
        .items.map((video: { title: string }) => video.title)
        .sort();
    expect(await titles(owner.cookie)).toEqual(['In review', 'Out there']);
    expect(await titles(stranger.cookie)).toEqual(['Out there']);
    expect(await titles()).toEqual(['Out there']);
  });
});

describe('who sees which statuses', () => {
  let owner: { id: string; cookie: string };
  let stranger: { id: string; cookie: string };
  let staff: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  let referrer: { id: string; cookie: string };
  beforeAll(async () => {
    referrer = await signUp(t, { email: 'referrer@example.com', name: 'Referrer' });
    owner = await signUp(t, { email: 'status-owner@example.com', name: 'Status Owner' });
    stranger = await signUp(t, { email: 'status-stranger@example.com' });
    staff = await createUser(t, { email: 'status-staff@example.com', rights: ['manage_videos'] });
    admin = await createUser(t, { email: 'status-admin@example.com', rights: ['admin'] });
    await t.db.updateTable('users').set({ referrer_id: referrer.id }).where('id', '=', owner.id).execute();
    await createVideos(t.db, owner.id, [
      { title: 'Owner declined', status: 'declined' },
      { title: 'Owner ready', status: 'ready', edit_author_id: staff.id, edit_date: '2026-11-01T10:00:00Z' },
    ]);
  });
  const fetchList = async (query: string, cookie?: string) => {
    const response = await t.app.inject({ url: `/api/videos${query}`, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return response.json() as VideoListResponse;
  };
  const titles = async (query: string, cookie?: string) =>
    (await fetchList(query, cookie)).items.map((video) => video.title).sort();

  it('shows staff and admins every status everywhere; strangers and owners on the whole site only public ones', async () => {
    const everything = await titles('?limit=48', staff.cookie);
    expect(everything).toContain('Owner declined');
    expect(everything).toContain('Video 3 not_verified');
    expect(everything).toContain('Video 6 archived');
    expect(await titles('?limit=48', admin.cookie)).toEqual(everything);
    for (const cookie of [undefined, stranger.cookie, owner.cookie]) {
      const seen = await titles('?limit=48', cookie);
      expect(seen).toContain('Owner ready');
      expect(seen).not.toContain('Owner declined');
      expect(seen).not.toContain('Video 3 not_verified');
    }
  });

  it('filters by status: any status for the owner (own list) and staff, nothing hidden for anyone else', async () => {
    expect(await titles(`?userId=${owner.id}&status=declined`, owner.cookie)).toEqual(['Owner declined']);
    expect(await titles('?status=declined', staff.cookie)).toEqual(['Owner declined', 'Video 4 declined']);
    expect(await titles(`?userId=${owner.id}&status=declined`, admin.cookie)).toEqual(['Owner declined']);
    expect(await titles(`?userId=${owner.id}&status=declined`, stranger.cookie)).toEqual([]);
    expect(await titles('?status=declined')).toEqual([]);
    expect(await titles('?status=declined', owner.cookie)).toEqual([]);
    expect(await titles(`?userId=${owner.id}&status=ready`)).toEqual(['Owner ready']);
    expect((await t.app.inject('/api/videos?status=nonsense')).statusCode).toBe(400);
  });

  it('names the referrer to admins only, and the last editor to everyone', async () => {
    const cardFor = async (cookie?: string) =>
      (await fetchList(`?userId=${owner.id}&status=ready`, cookie)).items[0];
    const forAdmin = await cardFor(admin.cookie);
    expect(forAdmin?.referredBy).toEqual({ id: referrer.id, name: 'Referrer' });
    for (const cookie of [undefined, stranger.cookie, owner.cookie, staff.cookie]) {
      const card = await cardFor(cookie);
      expect(card).not.toHaveProperty('referredBy');
      expect(card?.editedBy).toEqual({ id: staff.id, name: 'Test User' });
      expect(card?.editDate).toBe('2026-11-01T10:00:00.000Z');
    }
    // An owner nobody referred: admins see null (known: no referrer), not a missing field.
    const unreferred = (await fetchList(`?userId=${ownerId}&limit=1`, admin.cookie)).items[0];
    expect(unreferred?.referredBy).toBeNull();
  });
});

describe('page boundaries (one extra row loaded to find the end)', () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await signUp(t, { email: 'pager@example.com' })).id;
    const now = Date.now();
    await createVideos(
      t.db,
      userId,
      [1, 2, 3, 4].map((n) => ({
        title: `Page video ${n}`,
        status: 'approved',
        // Two share a timestamp: the id breaks the tie, so neither is lost or repeated.
        created_at: new Date(now - (n === 3 ? 2 : n) * 1000),
      })),
    );
  });
  const page = (query: string) => list(`?userId=${userId}&${query}`);

  it('ends on a page of exactly `limit` rows, with no next cursor', async () => {
    const all = await page('limit=4');
    expect(all.items).toHaveLength(4);
    expect(all.nextCursor).toBeNull();
  });

  it('with limit + 1 rows: a full page with a cursor, then a last page of one', async () => {
    const first = await page('limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const last = await page(`limit=3&cursor=${first.nextCursor}`);
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
    const ids = [...first.items, ...last.items].map((video) => video.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('walks pages of two: two full pages, the second one the last', async () => {
    const first = await page('limit=2');
    const second = await page(`limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((video) => video.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('refuses broken cursors and limits out of range', async () => {
    for (const query of [
      'cursor=%25%25',
      'cursor=Pz8_Pz8',
      `cursor=${'x'.repeat(201)}`,
      'limit=0',
      'limit=49',
      'limit=two',
    ]) {
      const response = await t.app.inject(`/api/videos?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
