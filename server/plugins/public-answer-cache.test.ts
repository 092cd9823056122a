import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VideoListResponse } from '../../common/contracts/videos';
import { createVideo } from '../../tests/support/factories';
import { setUpTestApp } from '../../tests/support/set-up-test-app';
import { createTestApp, signUp } from '../../tests/support/test-app';
import { profileValues } from '../../tests/support/valid-bodies';
import { PUBLIC_CHANGES_CHANNEL } from '../adapters/events/event-bus';
import { ANSWER_CACHE_HEADER } from './public-answer-cache';

/**
 * Anonymous answers of the video lists and pages are shared for a few seconds (plugins/public-answer-
 * cache.ts): never a member's, and never older than the last change to a video or a member.
 */
const t = setUpTestApp({ PUBLIC_ANSWER_CACHE_SECONDS: '60' });
let owner: { id: string; cookie: string };
let publicId: string;
beforeAll(async () => {
  owner = await signUp(t, { email: 'cache-owner@example.com', name: 'Cache Owner' });
  publicId = await createVideo(t.db, owner.id, { title: 'Harbour at dawn', status: 'ready' });
  await createVideo(t.db, owner.id, { title: 'Still in review', status: 'not_verified' });
  await noticesHeard();
});

/**
 * Waits until the notices of every write so far have reached the app (they come a moment after the
 * commit, on PostgreSQL through another connection, in commit order): a notice sent now comes after them.
 */
let sentinels = 0;
async function noticesHeard() {
  const sentinel = `sentinel ${++sentinels}`;
  const heard = new Promise<void>((resolve) => {
    const stop = t.app.events.onPublicChange((table) => {
      if (table !== sentinel) return;
      stop();
      resolve();
    });
  });
  await t.database.pool.query('select pg_notify($1, $2)', [PUBLIC_CHANGES_CHANNEL, sentinel]);
  await heard;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const titles = (body: string) => (JSON.parse(body) as VideoListResponse).items.map((item) => item.title);

/** A change written by another instance or a job reaches this one as the database's notice. */
async function eventually<T>(check: () => Promise<T>, withinMs = 3000): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe('the shared answers of anonymous callers', () => {
  it('serves the second anonymous call from memory, the same answer with the same headers', async () => {
    const first = await get('/api/videos?limit=5');
    const second = await get('/api/videos?limit=5');
    expect(first.headers[ANSWER_CACHE_HEADER]).toBe('miss');
    expect(second.headers[ANSWER_CACHE_HEADER]).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(titles(second.body)).toEqual(['Harbour at dawn']);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    await get(`/api/videos/${publicId}`);
    const page = await get(`/api/videos/${publicId}`);
    expect(page.headers[ANSWER_CACHE_HEADER]).toBe('hit');
    expect(page.json()).toMatchObject({ title: 'Harbour at dawn', abilities: { edit: false } });
  });

  it('compresses a kept answer like any other', async () => {
    const other = await signUp(t, { email: 'cache-other@example.com', name: 'Other Creator' });
    for (let n = 0; n < 8; n++) await createVideo(t.db, other.id, { title: `Storm ${n}`, status: 'ready' });
    await noticesHeard();
    const url = `/api/videos?userId=${other.id}`;
    const plain = await get(url);
    const kept = await get(url, { 'accept-encoding': 'br' });
    expect(kept.headers[ANSWER_CACHE_HEADER]).toBe('hit');
    expect(kept.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(kept.rawPayload).toString()).toBe(plain.body);
    expect(titles(plain.body)).toHaveLength(8);
  });

  it('never gives a member the shared answer, nor keeps theirs', async () => {
    const ownList = `/api/videos?limit=7&userId=${owner.id}`;
    await get(ownList);
    const own = await get(ownList, { cookie: owner.cookie });
    expect(own.headers[ANSWER_CACHE_HEADER]).toBeUndefined();
    expect(titles(own.body)).toEqual(['Still in review', 'Harbour at dawn']);
    const anonymous = await get(ownList);
    expect(anonymous.headers[ANSWER_CACHE_HEADER]).toBe('hit');
    expect(titles(anonymous.body)).toEqual(['Harbour at dawn']);
  });

  it('drops what it kept when a video is written anywhere (a job, another instance)', async () => {
    await get(`/api/videos?limit=8&userId=${owner.id}`);
    await t.db
      .updateTable('videos')
      .set({ status: 'ready' })
      .where('title', '=', 'Still in review')
      .execute();
    await eventually(async () => {
      expect(titles((await get(`/api/videos?limit=8&userId=${owner.id}`)).body)).toEqual([
        'Still in review',
        'Harbour at dawn',
      ]);
    });
    await t.db
      .updateTable('videos')
      .set({ status: 'declined' })
      .where('title', '=', 'Still in review')
      .execute();
    await eventually(async () => {
      expect(titles((await get(`/api/videos?limit=8&userId=${owner.id}`)).body)).toEqual(['Harbour at dawn']);
    });
  });

  it('drops it at once after a write through this instance (before the next call can come)', async () => {
    await get('/api/videos?limit=9');
    const saved = await t.send('PUT', '/api/me/profile', {
      cookie: owner.cookie,
      payload: { ...profileValues(), name: 'Renamed Owner' },
    });
    expect(saved.statusCode).toBe(200);
    const next = await get('/api/videos?limit=9');
    expect(next.headers[ANSWER_CACHE_HEADER]).toBe('miss');
  });

  it('keeps nothing that is not a success', async () => {
    const missing = '/api/videos/00000000-0000-4000-8000-000000000000';
    expect((await get(missing)).statusCode).toBe(404);
    expect((await get(missing)).headers[ANSWER_CACHE_HEADER]).toBe('miss');
  });
});

describe('the life of a shared answer', () => {
  it('ends after PUBLIC_ANSWER_CACHE_SECONDS, and 0 keeps nothing', async () => {
    const shortLived = await createTestApp({ PUBLIC_ANSWER_CACHE_SECONDS: '1' }, { database: t.database });
    const off = await createTestApp({ PUBLIC_ANSWER_CACHE_SECONDS: '0' }, { database: t.database });
    try {
      await shortLived.app.inject('/api/videos?limit=3');
      expect((await shortLived.app.inject('/api/videos?limit=3')).headers[ANSWER_CACHE_HEADER]).toBe('hit');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await shortLived.app.inject('/api/videos?limit=3')).headers[ANSWER_CACHE_HEADER]).toBe('miss');
      await off.app.inject('/api/videos?limit=3');
      expect((await off.app.inject('/api/videos?limit=3')).headers[ANSWER_CACHE_HEADER]).toBeUndefined();
    } finally {
      await shortLived.close();
      await off.close();
    }
  });
});
