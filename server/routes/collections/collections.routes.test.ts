import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../common/constants';
import type { Collection, CollectionList, SharedCollection } from '../../../common/contracts/collections';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';

const t = setUpTestApp();
let buyer: TestUser;
let other: TestUser;
let creator: TestUser;
beforeAll(async () => {
  buyer = await createUser(t);
  other = await createUser(t);
  creator = await createUser(t, { name: 'Creator' });
});

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: TestUser | null,
  payload?: object,
) => t.send(method, url, { ...(who && { cookie: who.cookie }), ...(payload && { payload }) });

async function collectionOf(who: TestUser, name = 'Harbour picks'): Promise<string> {
  const response = await send('POST', '/api/me/collections', who, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}
const clip = (title: string, overrides: Record<string, unknown> = {}) =>
  createVideo(t.db, creator.id, { title, status: 'ready', ...overrides });
const titles = (collection: { items: { video: { title: string } }[] }) =>
  collection.items.map((item) => item.video.title);

describe('a collection of clips', () => {
  it('holds clips in the order they were put in, with notes, reordered by its owner', async () => {
    const id = await collectionOf(buyer);
    const [a, b, c] = [await clip('Boats at dawn'), await clip('Nets drying'), await clip('Gulls')];
    for (const videoId of [a, b, c]) {
      expect((await send('PUT', `/api/me/collections/${id}/items/${videoId}`, buyer, {})).statusCode).toBe(
        200,
      );
    }
    // Putting a clip in again changes its note, not its place.
    const noted = await send('PUT', `/api/me/collections/${id}/items/${a}`, buyer, { note: 'Opening shot' });
    expect(noted.json().items[0]).toMatchObject({ note: 'Opening shot', video: { id: a } });
    const reordered = await send('PUT', `/api/me/collections/${id}/order`, buyer, { videoIds: [c, a, b] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(titles(reordered.json() as Collection)).toEqual(['Gulls', 'Boats at dawn', 'Nets drying']);
    const removed = await send('DELETE', `/api/me/collections/${id}/items/${a}`, buyer);
    expect(titles(removed.json() as Collection)).toEqual(['Gulls', 'Nets drying']);
    const list = (await send('GET', `/api/me/collections?videoId=${b}`, buyer)).json() as CollectionList;
    expect(list.items.find((item) => item.id === id)).toMatchObject({
      name: 'Harbour picks',
      itemCount: 2,
      hasVideo: true,
      shared: false,
    });
  });

  it('refuses an order that does not name every clip once, in words', async () => {
    const id = await collectionOf(buyer);
    const [a, b] = [await clip('One'), await clip('Two')];
    for (const videoId of [a, b]) await send('PUT', `/api/me/collections/${id}/items/${videoId}`, buyer, {});
    for (const videoIds of [[a], [a, a], [a, b, 'other']]) {
      const response = await send('PUT', `/api/me/collections/${id}/order`, buyer, { videoIds });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([
        { field: 'videoIds', message: 'collections.errors.orderMismatch' },
      ]);
    }
  });

  it('cannot take a video the owner may not see, and shows none that became hidden', async () => {
    const id = await collectionOf(buyer);
    const hidden = await clip('Private cut', { privacy: 'private' });
    expect((await send('PUT', `/api/me/collections/${id}/items/${hidden}`, buyer, {})).statusCode).toBe(404);
    const later = await clip('Soon private');
    await send('PUT', `/api/me/collections/${id}/items/${later}`, buyer, {});
    await t.db.updateTable('videos').set({ privacy: 'private' }).where('id', '=', later).execute();
    expect(titles((await send('GET', `/api/me/collections/${id}`, buyer)).json() as Collection)).toEqual([]);
  });

  it(`keeps at most ${LIMITS.collectionsMax} collections per member`, async () => {
    const member = await createUser(t);
    const rows = Array.from({ length: LIMITS.collectionsMax }, (_, n) => ({
      user_id: member.id,
      name: `C${n}`,
    }));
    await t.db.insertInto('collections').values(rows).execute();
    const response = await send('POST', '/api/me/collections', member, { name: 'One more' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'COLLECTIONS_LIMIT',
      params: { max: LIMITS.collectionsMax },
    });
  });

  it("finds no other member's collection: nothing of it is read or changed", async () => {
    const id = await collectionOf(buyer, 'Mine');
    const video = await clip('Kept');
    await send('PUT', `/api/me/collections/${id}/items/${video}`, buyer, {});
    const base = `/api/me/collections/${id}`;
    for (const [method, url, body] of [
      ['GET', base],
      ['PATCH', base, { name: 'Theirs' }],
      ['DELETE', base],
      ['PUT', `${base}/items/${video}`, { note: 'x' }],
      ['DELETE', `${base}/items/${video}`],
      ['PUT', `${base}/order`, { videoIds: [video] }],
      ['POST', `${base}/share`],
      ['DELETE', `${base}/share`],
    ] as const) {
      expect((await send(method, url, other, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await send(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    const mine = (await send('GET', base, buyer)).json() as Collection;
    expect(mine).toMatchObject({ name: 'Mine', shareToken: null, items: [{ note: '' }] });
  });
});

describe('sharing a collection', () => {
  it('opens read-only by its secret link for anyone, public clips only, until revoked or replaced', async () => {
    const id = await collectionOf(buyer, 'For the editor');
    const [shown, unlisted] = [await clip('Open sea'), await clip('Unlisted cut', { privacy: 'unlisted' })];
    await send('PUT', `/api/me/collections/${id}/items/${shown}`, buyer, { note: 'Use the first 5 s' });
    await send('PUT', `/api/me/collections/${id}/items/${unlisted}`, buyer, {});
    const { shareToken } = (await send('POST', `/api/me/collections/${id}/share`, buyer)).json();
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const opened = await t.app.inject({ method: 'GET', url: `/api/shared-collections/${shareToken}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json() as SharedCollection).toMatchObject({
      name: 'For the editor',
      items: [{ note: 'Use the first 5 s', video: { title: 'Open sea' } }],
    });
    expect(opened.body).not.toContain(buyer.email);
    // A new link replaces the old one; revoking ends it.
    const { shareToken: next } = (await send('POST', `/api/me/collections/${id}/share`, buyer)).json();
    expect((await send('GET', `/api/shared-collections/${shareToken}`, null)).statusCode).toBe(404);
    expect((await send('GET', `/api/shared-collections/${next}`, null)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/me/collections/${id}/share`, buyer)).statusCode).toBe(204);
    expect((await send('GET', `/api/shared-collections/${next}`, null)).statusCode).toBe(404);
  });
});
