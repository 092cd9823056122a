import crypto from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MrssFilter } from '../../../common/contracts/mrss';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { MRSS_PAGE_SIZE } from '../../services/mrss/mrss-document.service';

/**
 * The partners' Media RSS feeds (issue 20): what a feed lists and how each item reads (parsed as XML),
 * its filters and paging, secret URLs that are revoked and made again, and the admin endpoints refused
 * to everyone but admins with nothing changed.
 */
let admin: TestUser;
let owner: TestUser;
const previewBytes = crypto.randomBytes(90_000);
const originalBytes = crypto.randomBytes(150_000);
const ids: Record<string, string> = {};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who?: TestUser | null,
  payload?: object,
) => t.send(method, url, { cookie: who?.cookie, payload });
/** The path of one of our absolute URLs, to inject it. */
const pathOf = (url: string) => url.slice(t.config.publicUrl.replace(/\/+$/, '').length);

const noFilter: MrssFilter = {
  keywords: [],
  categoryId: null,
  shotFrom: null,
  shotTo: null,
  licensableOnly: false,
};
async function createFeed(filter: Partial<typeof noFilter> = {}, name = 'Sea partner') {
  const response = await call('POST', '/api/admin/mrss-feeds', admin, {
    name,
    language: 'en',
    partnerName: 'Harbour News',
    filter: { ...noFilter, ...filter },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { feed: { id: string }; issued: { token: { id: string }; url: string } };
}
async function readFeed(url: string) {
  const response = await call('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  const document = parser.parse(response.body);
  const channel = document.rss.channel;
  const items = channel.item === undefined ? [] : [channel.item].flat();
  return { response, document, channel, items };
}
const titlesOf = (items: { title: string }[]) => items.map((item) => item.title);

/** A video with a ready preview of `previewBytes` (1280x720) and an original of other bytes. */
async function videoWithPreview(overrides: Parameters<typeof createVideo>[2], hours: number) {
  const id = await createVideo(t.db, owner.id, {
    created_at: new Date(Date.UTC(2026, 9, 1) + hours * 3_600_000),
    ...overrides,
  });
  await t.db
    .updateTable('videos')
    .set({
      path: `videos/${id}.mp4`,
      preview_status: 'ready',
      preview_key: `previews/${id}.mp4`,
      preview_width: 1280,
      preview_height: 720,
      preview_size_bytes: previewBytes.length,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

const t = setUpTestApp();
beforeAll(async () => {
  admin = await createUser(t, { verified: true, rights: ['admin'] });
  owner = await createUser(t, { verified: true, name: 'Nikos Papadopoulos' });
  ids.sea = await videoWithPreview(
    {
      status: 'ready',
      title: 'Boats at Limassol & the old port',
      description: 'Fishing boats leave <early>.',
      keywords: ['Sea', 'Boats'],
      category_id: 19,
      date: '2026-06-01',
      duration: 'PT1M5S',
      thumbnail: 'video_thumbnails/sea.jpg',
    },
    10,
  );
  ids.mountain = await videoWithPreview(
    {
      status: 'approved',
      title: 'Troodos snow',
      keywords: ['mountain'],
      category_id: 17,
      date: '2025-01-10',
    },
    9,
  );
  await t.storage.put(`previews/${ids.sea}.mp4`, previewBytes, 'video/mp4');
  await t.storage.put(`videos/${ids.sea}.mp4`, originalBytes, 'video/mp4');
  // Never listed: no preview yet, or not publicly listed.
  ids.pending = await createVideo(t.db, owner.id, { status: 'ready', title: 'Preview not made yet' });
  await t.db.updateTable('videos').set({ preview_status: 'pending' }).where('id', '=', ids.pending).execute();
  ids.private = await videoWithPreview({ status: 'ready', privacy: 'private', title: 'Private clip' }, 11);
  ids.unlisted = await videoWithPreview({ status: 'ready', privacy: 'unlisted', title: 'Unlisted clip' }, 12);
  ids.declined = await videoWithPreview({ status: 'declined', title: 'Declined clip' }, 13);
  ids.unreviewed = await videoWithPreview({ status: 'not_verified', title: 'Unreviewed clip' }, 14);
}, 120_000);

describe('a partner reads a feed', () => {
  it('lists the publicly listed videos with a ready preview, newest first, each item complete', async () => {
    const { issued } = await createFeed();
    expect(issued.url).toMatch(/^http.*\/api\/feeds\/mrss\/[A-Za-z0-9_-]{43}\.xml$/);
    const { response, document, channel, items } = await readFeed(pathOf(issued.url));
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toMatch(/^".+"$/);
    expect(document.rss['@version']).toBe('2.0');
    expect(document.rss['@xmlns:media']).toBe('http://search.yahoo.com/mrss/');
    expect(document.rss['@xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    expect(channel.title).toBe('Clipmarket: Sea partner');
    expect(channel.language).toBe('en');
    expect(channel.description).toContain('preview links work for at least 1 hour after this feed is read');
    expect(new Date(channel.lastBuildDate).getTime()).not.toBeNaN();

    expect(titlesOf(items)).toEqual(['Boats at Limassol & the old port', 'Troodos snow']);
    const [sea] = items;
    const site = t.config.publicUrl.replace(/\/+$/, '');
    expect(sea.link).toBe(`${site}/videos/${ids.sea}`);
    expect(sea.guid).toEqual({ '#text': `clipmarket:video:${ids.sea}`, '@isPermaLink': 'false' });
    expect(sea.pubDate).toBe(new Date(Date.UTC(2026, 9, 1, 10)).toUTCString());
    expect(sea.description).toBe('Fishing boats leave <early>.');
    const content = sea['media:content'];
    expect({
      type: content['@type'],
      medium: content['@medium'],
      duration: content['@duration'],
      width: content['@width'],
      height: content['@height'],
      fileSize: content['@fileSize'],
    }).toEqual({
      type: 'video/mp4',
      medium: 'video',
      duration: '65',
      width: '1280',
      height: '720',
      fileSize: String(previewBytes.length),
    });
    expect(content['@url']).toContain(`previews/${ids.sea}.mp4`);
    expect(content['@url']).not.toContain(`videos/${ids.sea}`);
    // The URL serves the preview's bytes, not the original's.
    const file = await call('GET', pathOf(content['@url']));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(previewBytes)).toBe(true);
    // Valid for the default two hours, less what the rounding to a whole hour takes (a video turned
    // private is out of the feed at once, and its preview URL works at most that long).
    const expires = Number(new URL(content['@url']).searchParams.get('expires'));
    const left = expires - Math.floor(Date.now() / 1000);
    expect(left).toBeGreaterThan(2 * 3600 - 3601);
    expect(left).toBeLessThanOrEqual(2 * 3600);

    expect(sea['media:thumbnail']).toEqual({
      '@url': `${site}/files/video_thumbnails/sea.jpg`,
      '@width': '640',
      '@height': '360',
    });
    expect(sea['media:title']['#text']).toBe('Boats at Limassol & the old port');
    expect(sea['media:description']['#text']).toBe('Fishing boats leave <early>.');
    expect(sea['media:keywords']).toBe('Sea, Boats');
    expect(sea['media:credit']).toEqual({
      '#text': 'Nikos Papadopoulos',
      '@role': 'owner',
      '@scheme': 'urn:ebu',
    });
    expect(sea['media:license']['@href']).toBe(`${site}/videos/${ids.sea}/license`);
    expect(sea['media:license']['@type']).toBe('text/html');
    // Videos carry no rating, so none is claimed.
    expect(sea['media:rating']).toBeUndefined();
  });

  it('answers 304 to a reader that has the same version', async () => {
    const { issued } = await createFeed();
    const first = await call('GET', pathOf(issued.url));
    const again = await t.app.inject({
      method: 'GET',
      url: pathOf(issued.url),
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never lists a private, unlisted, declined or unreviewed video, nor one without a ready preview', async () => {
    const { issued } = await createFeed();
    const { response } = await readFeed(pathOf(issued.url));
    for (const title of [
      'Private clip',
      'Unlisted clip',
      'Declined clip',
      'Unreviewed clip',
      'Preview not made yet',
    ])
      expect(response.body).not.toContain(title);
  });

  it('filters by keywords (any, case and accents ignored), category, shooting dates and licensable', async () => {
    const read = async (filter: Partial<typeof noFilter>) =>
      titlesOf((await readFeed(pathOf((await createFeed(filter)).issued.url))).items);
    expect(await read({ keywords: ['SEA'] })).toEqual(['Boats at Limassol & the old port']);
    expect(await read({ keywords: ['nothing', 'Mountain'] })).toEqual(['Troodos snow']);
    expect(await read({ categoryId: 17 })).toEqual(['Troodos snow']);
    expect(await read({ shotFrom: '2026-01-01' })).toEqual(['Boats at Limassol & the old port']);
    expect(await read({ shotFrom: '2025-01-10', shotTo: '2025-01-10' })).toEqual(['Troodos snow']);
    expect(await read({ licensableOnly: true })).toEqual(['Boats at Limassol & the old port']);
    expect(await read({ keywords: ['sea'], categoryId: 17 })).toEqual([]);
  });

  it('pages with atom:link rel="next" until every matching video was listed once', async () => {
    const total = MRSS_PAGE_SIZE + 3;
    for (let index = 0; index < total; index++)
      await videoWithPreview({ status: 'ready', title: `Lesson ${index}`, category_id: 27 }, -100 - index);
    const { issued } = await createFeed({ categoryId: 27 });
    const first = await readFeed(pathOf(issued.url));
    expect(first.items).toHaveLength(MRSS_PAGE_SIZE);
    const links = [first.channel['atom:link']].flat();
    const next = links.find((link: { '@rel': string }) => link['@rel'] === 'next');
    expect(links.find((link: { '@rel': string }) => link['@rel'] === 'self')['@href']).toBe(issued.url);
    const second = await readFeed(pathOf(next['@href']));
    expect(second.items).toHaveLength(3);
    expect(
      [second.channel['atom:link']].flat().some((link: { '@rel': string }) => link['@rel'] === 'next'),
    ).toBe(false);
    const all = titlesOf([...first.items, ...second.items]);
    expect(new Set(all).size).toBe(total);
    expect(all[0]).toBe('Lesson 0');
    expect(all.at(-1)).toBe(`Lesson ${total - 1}`);
  });

  it('answers the same 404 for a revoked, an unknown and a malformed token; a new URL works, the old does not', async () => {
    const { feed, issued } = await createFeed();
    const unknown = await call('GET', `/api/feeds/mrss/${crypto.randomBytes(32).toString('base64url')}.xml`);
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', '/api/feeds/mrss/short.xml')).statusCode).toBe(404);

    const regenerated = await call(
      'POST',
      `/api/admin/mrss-feeds/${feed.id}/tokens/${issued.token.id}/regenerate`,
      admin,
    );
    expect(regenerated.statusCode).toBe(201);
    const newUrl = regenerated.json().url as string;
    expect(newUrl).not.toBe(issued.url);
    expect((await call('GET', pathOf(issued.url))).statusCode).toBe(404);
    await readFeed(pathOf(newUrl));

    const revoked = await call(
      'POST',
      `/api/admin/mrss-feeds/${feed.id}/tokens/${issued.token.id}/revoke`,
      admin,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const gone = await call('GET', pathOf(newUrl));
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(unknown.body);
  });
});

describe('admins manage feeds', () => {
  it('keeps only the hash of a token, and writes each change with its audit row', async () => {
    const { feed, issued } = await createFeed({ keywords: ['Πάφος'] }, 'Audit feed');
    const token = issued.url.split('/').pop()!.replace('.xml', '');
    const stored = await t.db
      .selectFrom('mrss_feed_tokens')
      .selectAll()
      .where('feed_id', '=', feed.id)
      .execute();
    expect(stored.map((row) => row.token_hash)).toEqual([
      crypto.createHash('sha256').update(token).digest('hex'),
    ]);
    const audit = () =>
      t.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('subject_id', '=', feed.id)
        .orderBy('created_at')
        .execute();
    expect((await audit()).map((row) => row.action)).toEqual(['mrss.create', 'mrss.token.create']);
    expect(
      JSON.stringify(
        await t.db.selectFrom('audit_log').selectAll().where('subject_id', '=', feed.id).execute(),
      ),
    ).not.toContain(token);

    const edited = await call('PUT', `/api/admin/mrss-feeds/${feed.id}`, admin, {
      name: 'Renamed',
      language: 'el',
      filter: { ...noFilter, licensableOnly: true },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Renamed',
      language: 'el',
      filter: { licensableOnly: true },
    });
    const added = await call('POST', `/api/admin/mrss-feeds/${feed.id}/tokens`, admin, {
      partnerName: 'Second TV',
    });
    expect(added.statusCode).toBe(201);
    await call('POST', `/api/admin/mrss-feeds/${feed.id}/tokens/${added.json().token.id}/revoke`, admin);
    expect((await audit()).map((row) => row.action)).toEqual([
      'mrss.create',
      'mrss.token.create',
      'mrss.update',
      'mrss.token.create',
      'mrss.token.revoke',
    ]);
    expect((await audit()).every((row) => row.actor_id === admin.id)).toBe(true);

    const list = await call('GET', '/api/admin/mrss-feeds?limit=50', admin);
    const listed = list.json().items.find((item: { id: string }) => item.id === feed.id);
    expect(listed.tokens.map((row: { partnerName: string }) => row.partnerName)).toEqual([
      'Harbour News',
      'Second TV',
    ]);
    expect(list.body).not.toContain(token);

    const deleted = await call('DELETE', `/api/admin/mrss-feeds/${feed.id}`, admin);
    expect(deleted.statusCode).toBe(204);
    expect((await audit()).at(-1)?.action).toBe('mrss.delete');
    expect((await call('GET', pathOf(issued.url))).statusCode).toBe(404);
  });

  it('leaves no audit row when an action fails', async () => {
    const before = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const missing = crypto.randomUUID();
    expect(
      (await call('PUT', `/api/admin/mrss-feeds/${missing}`, admin, { name: 'x', filter: noFilter }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/mrss-feeds/${missing}/tokens`, admin, { partnerName: 'x' })).statusCode,
    ).toBe(404);
    const after = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('previews how many videos a filter lists', async () => {
    const response = await call('POST', '/api/admin/mrss-feeds/preview', admin, {
      filter: { ...noFilter, keywords: ['boats'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      matching: 1,
      newest: [{ id: ids.sea, title: 'Boats at Limassol & the old port' }],
    });
  });

  it('refuses every admin endpoint to a visitor (401), a member, a verified member and staff (403), changing nothing', async () => {
    const { feed, issued } = await createFeed();
    const callers: [TestUser | null, number][] = [
      [null, 401],
      [await createUser(t), 403],
      [await createUser(t, { verified: true }), 403],
      [await createUser(t, { verified: true, rights: ['manage_videos'] }), 403],
      [await createUser(t, { verified: true, rights: ['manage_licenses'] }), 403],
    ];
    const tokenPath = `/api/admin/mrss-feeds/${feed.id}/tokens/${issued.token.id}`;
    const requests: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/api/admin/mrss-feeds'],
      ['POST', '/api/admin/mrss-feeds', { name: 'x', partnerName: 'y', filter: noFilter }],
      ['POST', '/api/admin/mrss-feeds/preview', { filter: noFilter }],
      ['PUT', `/api/admin/mrss-feeds/${feed.id}`, { name: 'x', filter: noFilter }],
      ['DELETE', `/api/admin/mrss-feeds/${feed.id}`],
      ['POST', `/api/admin/mrss-feeds/${feed.id}/tokens`, { partnerName: 'y' }],
      ['POST', `${tokenPath}/revoke`],
      ['POST', `${tokenPath}/regenerate`],
    ];
    const snapshot = async () =>
      JSON.stringify([
        await t.db.selectFrom('mrss_feeds').selectAll().orderBy('id').execute(),
        await t.db.selectFrom('mrss_feed_tokens').selectAll().orderBy('id').execute(),
        await t.db.selectFrom('audit_log').select('id').orderBy('id').execute(),
      ]);
    const before = await snapshot();
    for (const [who, status] of callers)
      for (const [method, url, payload] of requests)
        expect((await call(method, url, who, payload)).statusCode, `${method} ${url}`).toBe(status);
    expect(await snapshot()).toBe(before);
    await readFeed(pathOf(issued.url));
  });
});
