import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoListResponse } from '../../../common/contracts/videos';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
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
  await t.db
    .insertInto('videos')
    .values(
      statuses.map((status, index) => ({
        user_id: ownerId,
        title: `Video ${index} ${status}`,
        status,
        thumbnail: `video_thumbnails/${index}.jpg`,
        created_at: new Date(now - index * 60_000),
      })),
    )
    .execute();
});
afterAll(() => t.close());

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
    await t.db
      .insertInto('videos')
      .values([
        { user_id: owner.id, title: 'Out there', status: 'approved' },
        { user_id: owner.id, title: 'In review', status: 'not_verified' },
      ])
      .execute();
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
