import { beforeAll, describe, expect, it } from 'vitest';
import type { EditSuggestionList } from '../../../common/contracts/video-edits';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { mailsTo, requestAs } from '../../../tests/support/requests';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import type { UserEvent } from '../../adapters/events/event-bus';

let send: ReturnType<typeof requestAs>;
let owner: TestUser;
let stranger: TestUser;
let unverified: TestUser;
let moderator: TestUser;
let admin: TestUser;
const t = setUpTestApp();
beforeAll(async () => {
  send = requestAs(t);
  owner = await createUser(t, { verified: true, name: 'Owner' });
  stranger = await createUser(t, { verified: true, name: 'Helper', language: 'el' });
  unverified = await createUser(t);
  moderator = await createUser(t, { rights: ['manage_videos'], name: 'Mod' });
  admin = await createUser(t, { rights: ['admin'] });
});

const edit = (overrides: Record<string, unknown> = {}) => ({
  title: 'Harbour at dawn, edited',
  description: 'Boats leave Limassol at first light.',
  keywords: 'sea, Boats, Limassol',
  date: '2026-06-01',
  time: '06:15',
  location: { address: 'Limassol old port', coordinates: { lat: 34.67, lng: 33.04 }, zoom: 14 },
  categoryId: 19,
  privacy: 'public',
  externalUrl: 'https://youtu.be/dQw4w9WgXcQ',
  ...overrides,
});
const videoRow = (id: string) =>
  t.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The popular keywords of the home page, and the search picker's suggestions for a text. */
const popular = async () =>
  ((await send('GET', '/api/keywords?limit=100', null)).json().keywords as { keyword: string }[]).map(
    (k) => k.keyword,
  );
const suggested = async (q: string) =>
  (
    (await send('GET', `/api/keywords/suggestions?q=${encodeURIComponent(q)}`, null)).json().items as {
      keyword: string;
    }[]
  ).map((k) => k.keyword);
/** The keyword summary of some keywords, as stored. */
const counts = async (...keys: string[]) => {
  const rows = await t.db.selectFrom('keyword_summary').selectAll().where('keyword', 'in', keys).execute();
  return Object.fromEntries(keys.map((key) => [key, rows.find((r) => r.keyword === key)?.count ?? 0]));
};
/** A video as approval leaves it (the factory counts its keywords in the summary when publicly listed). */
const countedVideo = (ownerId: string, keywords: string[], status = 'approved') =>
  createVideo(t.db, ownerId, { status, keywords });

describe('PUT /api/videos/:id', () => {
  it('lets the owner edit every field; sets the edit author and date; keeps the keyword summary exact', async () => {
    const other = await countedVideo(stranger.id, ['sea', 'sunset']);
    const id = await countedVideo(owner.id, ['sea', 'harbour']);
    expect(await counts('sea', 'harbour', 'boats', 'limassol', 'sunset')).toEqual({
      sea: 2,
      harbour: 1,
      boats: 0,
      limassol: 0,
      sunset: 1,
    });
    const response = await send('PUT', `/api/videos/${id}`, owner, edit());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Harbour at dawn, edited',
      keywords: ['sea', 'Boats', 'Limassol'],
      categoryId: 19,
      youtubeId: 'dQw4w9WgXcQ',
      canEdit: true,
    });
    const row = await videoRow(id);
    expect(row).toMatchObject({
      date: '2026-06-01',
      time: '06:15',
      category_id: 19,
      privacy: 'public',
      external_url: 'https://youtu.be/dQw4w9WgXcQ',
      youtube_id: 'dQw4w9WgXcQ',
      edit_author_id: owner.id,
      location: { address: 'Limassol old port', coordinates: { lat: 34.67, lng: 33.04 }, zoom: 14 },
    });
    expect(row.edit_date).toBeInstanceOf(Date);
    expect(await counts('sea', 'harbour', 'boats', 'limassol', 'sunset')).toEqual({
      sea: 2,
      harbour: 0,
      boats: 1,
      limassol: 1,
      sunset: 1,
    });
    // Saving again with the same keywords changes no count; removing them all takes them away.
    await send('PUT', `/api/videos/${id}`, owner, edit());
    expect(await counts('sea', 'boats')).toEqual({ sea: 2, boats: 1 });
    await send('PUT', `/api/videos/${id}`, owner, edit({ keywords: '' }));
    expect(await counts('sea', 'boats', 'limassol')).toEqual({ sea: 1, boats: 0, limassol: 0 });
    expect((await videoRow(other)).keywords).toEqual(['sea', 'sunset']);
  });

  it('takes the keywords of a video out of the summary while it is private or unlisted, and back when public', async () => {
    const id = await countedVideo(owner.id, ['Kayak', 'cove']);
    const keywords = { keywords: 'Kayak, cove' };
    expect(await counts('kayak', 'cove')).toEqual({ kayak: 1, cove: 1 });
    await send('PUT', `/api/videos/${id}`, owner, edit({ ...keywords, privacy: 'private' }));
    expect(await counts('kayak', 'cove')).toEqual({ kayak: 0, cove: 0 });
    expect(await popular()).not.toContain('kayak');
    // Edited while hidden: still nothing counts, neither the old keywords nor the new ones.
    await send('PUT', `/api/videos/${id}`, owner, edit({ keywords: 'Kayak, reef', privacy: 'unlisted' }));
    expect(await counts('kayak', 'cove', 'reef')).toEqual({ kayak: 0, cove: 0, reef: 0 });
    expect(await suggested('ree')).toEqual([]);
    // Public again: the keywords it has now count.
    await send('PUT', `/api/videos/${id}`, owner, edit({ keywords: 'Kayak, reef', privacy: 'public' }));
    expect(await counts('kayak', 'cove', 'reef')).toEqual({ kayak: 1, cove: 0, reef: 1 });
    expect(await popular()).toContain('kayak');
    expect(await suggested('ree')).toEqual(['reef']);
  });

  it('changes nothing in the summary for an edit of a video not approved, or declined', async () => {
    for (const status of ['not_verified', 'declined']) {
      const id = await countedVideo(owner.id, ['glacier'], status);
      await send('PUT', `/api/videos/${id}`, owner, edit({ keywords: 'glacier, icefall' }));
      expect(await counts('glacier', 'icefall')).toEqual({ glacier: 0, icefall: 0 });
    }
  });

  it('lets staff edit, and the byline names them', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    for (const who of [moderator, admin]) {
      expect((await send('PUT', `/api/videos/${id}`, who, edit({ externalUrl: '' }))).statusCode).toBe(200);
      expect(await videoRow(id)).toMatchObject({
        edit_author_id: who.id,
        external_url: null,
        youtube_id: null,
      });
    }
    const list = await send('GET', `/api/videos?userId=${owner.id}`, owner);
    const card = list.json().items.find((v: { id: string }) => v.id === id);
    expect(card.editedBy.id).toBe(admin.id);
    expect(card.editDate).not.toBeNull();
  });

  it('refuses a stranger, an unverified user and anonymous, changing nothing', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'approved' });
    expect((await send('PUT', `/api/videos/${id}`, stranger, edit())).statusCode).toBe(403);
    expect((await send('PUT', `/api/videos/${id}`, unverified, edit())).statusCode).toBe(403);
    expect((await send('PUT', `/api/videos/${id}`, null, edit())).statusCode).toBe(401);
    expect(await videoRow(id)).toMatchObject({ title: 'Harbour at dawn', edit_author_id: null });
  });

  it.each([
    [
      'a link to another site',
      { externalUrl: 'https://vimeo.com/123456' },
      'externalUrl',
      'edit.errors.externalUrlInvalid',
    ],
    [
      'a link without a video id',
      { externalUrl: 'https://www.youtube.com/watch?v=short' },
      'externalUrl',
      'edit.errors.externalUrlInvalid',
    ],
    ['a hidden category', { categoryId: 18 }, 'categoryId', 'edit.errors.categoryInvalid'],
    ['an unknown category', { categoryId: 99 }, 'categoryId', 'edit.errors.categoryInvalid'],
    ['an unknown privacy', { privacy: 'friends' }, 'privacy', 'edit.errors.privacyInvalid'],
    ['an empty title', { title: ' ' }, 'title', 'edit.errors.titleRequired'],
    ['angle brackets', { description: '<script>' }, 'description', 'edit.errors.allowedChars'],
    ['a bad date', { date: '2026-13-45' }, 'date', 'edit.errors.dateInvalid'],
    ['a bad time', { time: '25:00' }, 'time', 'edit.errors.timeInvalid'],
  ])('refuses %s', async (_, overrides, field, message) => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    const response = await send('PUT', `/api/videos/${id}`, owner, edit(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ field, message });
    expect((await videoRow(id)).edit_author_id).toBeNull();
  });

  it('answers 404 for a video that does not exist', async () => {
    expect((await send('PUT', `/api/videos/${crypto.randomUUID()}`, admin, edit())).statusCode).toBe(404);
  });
});

/** The ids a stranger's search finds. */
const searchIds = async (query: string) =>
  (await send('GET', `/api/videos/search?${query}`, null)).json().items.map((v: { id: string }) => v.id);

describe('search after an edit', () => {
  it('finds the video by its new title and keywords, no longer by the old ones', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'approved', title: 'Quiet cove' });
    await send('PUT', `/api/videos/${id}`, owner, edit({ title: 'Quiet cove', keywords: 'cove' }));
    expect(await searchIds('keywords=cove')).toEqual([id]);
    await send('PUT', `/api/videos/${id}`, owner, edit({ title: 'Windmill hill', keywords: 'windmill' }));
    expect(await searchIds('keywords=windmill')).toEqual([id]);
    expect(await searchIds('q=windmill')).toEqual([id]);
    expect(await searchIds('keywords=cove')).toEqual([]);
    expect(await searchIds('q=cove')).toEqual([]);
  });
});

describe('privacy', () => {
  it('keeps private videos to owner and staff, and unlisted ones out of lists but open by link', async () => {
    const priv = await createVideo(t.db, owner.id, { status: 'approved', title: 'Private one' });
    const unlisted = await createVideo(t.db, owner.id, { status: 'approved', title: 'Unlisted one' });
    await send('PUT', `/api/videos/${priv}`, owner, edit({ title: 'Private one', privacy: 'private' }));
    await send('PUT', `/api/videos/${unlisted}`, owner, edit({ title: 'Unlisted one', privacy: 'unlisted' }));
    const titles = async (who: { cookie: string } | null, query: string) =>
      (await send('GET', `/api/videos${query}`, who)).json().items.map((v: { title: string }) => v.title);
    for (const who of [stranger, null]) {
      expect(await titles(who, `?userId=${owner.id}&limit=48`)).not.toContain('Private one');
      expect(await titles(who, '?limit=48')).not.toContain('Unlisted one');
      expect((await send('GET', `/api/videos/${priv}/editable`, who)).statusCode).toBe(404);
      expect((await send('GET', `/api/videos/${unlisted}/editable`, who)).statusCode).toBe(200);
    }
    expect(await titles(owner, `?userId=${owner.id}&limit=48`)).toEqual(
      expect.arrayContaining(['Private one', 'Unlisted one']),
    );
    expect((await send('GET', `/api/videos/${priv}/editable`, moderator)).statusCode).toBe(200);
  });
});

describe('edit suggestions', () => {
  const suggestion = (overrides: Record<string, unknown> = {}) => ({
    title: 'Harbour at dawn in Limassol',
    description: 'Boats leaving at first light.',
    keywords: 'harbour, Limassol',
    externalUrl: '',
    ...overrides,
  });

  it('refuses the owner, an unverified user, anonymous, and a suggestion that changes nothing', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'approved', keywords: ['harbour'] });
    const own = await send('POST', `/api/videos/${id}/edit_suggestions`, owner, suggestion());
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_VIDEO');
    const notVerified = await send('POST', `/api/videos/${id}/edit_suggestions`, unverified, suggestion());
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().code).toBe('NOT_VERIFIED');
    expect((await send('POST', `/api/videos/${id}/edit_suggestions`, null, suggestion())).statusCode).toBe(
      401,
    );
    const same = await send(
      'POST',
      `/api/videos/${id}/edit_suggestions`,
      stranger,
      suggestion({ title: 'Harbour at dawn', keywords: 'harbour' }),
    );
    expect(same.statusCode).toBe(400);
    const bad = await send(
      'POST',
      `/api/videos/${id}/edit_suggestions`,
      stranger,
      suggestion({ externalUrl: 'x' }),
    );
    expect(bad.statusCode).toBe(400);
    const hidden = await createVideo(t.db, owner.id, { status: 'not_verified' });
    expect(
      (await send('POST', `/api/videos/${hidden}/edit_suggestions`, stranger, suggestion())).statusCode,
    ).toBe(404);
    expect(
      await t.db.selectFrom('video_edit_suggestions').selectAll().where('video_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('waits for staff; applying writes the changed fields, credits the suggester and tells them', async () => {
    const id = await countedVideo(owner.id, ['harbour', 'dawn']);
    const created = await send(
      'POST',
      `/api/videos/${id}/edit_suggestions`,
      stranger,
      suggestion({
        keywords: 'harbour, Kourion',
        externalUrl: 'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      }),
    );
    expect(created.statusCode).toBe(201);
    const suggestionId = created.json().id as string;
    // Meanwhile the owner changes the description: applying the suggestion keeps it.
    await t.db
      .updateTable('videos')
      .set({ description: 'Owner wrote this later.' })
      .where('id', '=', id)
      .execute();

    expect((await send('GET', '/api/video_edits', stranger)).statusCode).toBe(403);
    expect((await send('GET', '/api/video_edits', null)).statusCode).toBe(401);
    const pending = (
      await send('GET', '/api/video_edits?status=pending', moderator)
    ).json() as EditSuggestionList;
    expect(pending.items.find((s) => s.id === suggestionId)).toMatchObject({
      videoId: id,
      suggestedBy: { id: stranger.id, name: 'Helper' },
      status: 'pending',
      proposed: { title: 'Harbour at dawn in Limassol', keywords: ['harbour', 'Kourion'] },
      original: { title: 'Harbour at dawn', keywords: ['harbour', 'dawn'], externalUrl: null },
      current: { description: 'Owner wrote this later.' },
    });

    for (const who of [owner, stranger]) {
      expect((await send('POST', `/api/video_edits/${suggestionId}/apply`, who)).statusCode).toBe(403);
    }
    expect((await send('POST', `/api/video_edits/${suggestionId}/apply`, null)).statusCode).toBe(401);
    expect((await videoRow(id)).title).toBe('Harbour at dawn');

    const heard: UserEvent[] = [];
    const unsubscribe = t.events.subscribe(stranger.id, (event) => heard.push(event));
    try {
      const applied = await send('POST', `/api/video_edits/${suggestionId}/apply`, moderator);
      expect(applied.statusCode).toBe(200);
      expect(applied.json()).toMatchObject({ status: 'applied', decidedBy: { id: moderator.id } });
      for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      unsubscribe();
    }
    expect(await videoRow(id)).toMatchObject({
      title: 'Harbour at dawn in Limassol',
      description: 'Owner wrote this later.',
      keywords: ['harbour', 'Kourion'],
      youtube_id: 'dQw4w9WgXcQ',
      edit_author_id: stranger.id,
    });
    expect(await counts('dawn', 'kourion')).toEqual({ dawn: 0, kourion: 1 });
    // Search reads the applied texts: the new keyword and the unchanged description both find it.
    expect(await searchIds('keywords=kourion')).toEqual([id]);
    expect(await searchIds('q=later')).toContain(id);
    expect(heard).toMatchObject([{ type: 'edit-suggestion', suggestionId, status: 'applied' }]);
    const mails = await mailsTo(t, stranger.email);
    expect(mails.at(-1)?.subject).toBe('Η αλλαγή σας στο «Harbour at dawn in Limassol» εφαρμόστηκε');
    const again = await send('POST', `/api/video_edits/${suggestionId}/apply`, admin);
    expect(again.statusCode).toBe(409);

    const mine = (await send('GET', '/api/me/edit_suggestions', stranger)).json() as EditSuggestionList;
    expect(mine.items[0]).toMatchObject({ id: suggestionId, status: 'applied' });
    expect((await send('GET', '/api/me/edit_suggestions', null)).statusCode).toBe(401);
  });

  it('rejects with a reason, by staff only; the suggester sees it', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'ready' });
    const created = await send('POST', `/api/videos/${id}/edit_suggestions`, stranger, suggestion());
    const suggestionId = created.json().id as string;
    expect(
      (await send('POST', `/api/video_edits/${suggestionId}/reject`, owner, { reason: 'No' })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/video_edits/${suggestionId}/reject`, admin, { reason: ' ' })).statusCode,
    ).toBe(400);
    const rejected = await send('POST', `/api/video_edits/${suggestionId}/reject`, admin, {
      reason: 'Title is fine.',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await videoRow(id)).title).toBe('Harbour at dawn');
    const mine = (await send('GET', '/api/me/edit_suggestions', stranger)).json() as EditSuggestionList;
    expect(mine.items.find((s) => s.id === suggestionId)).toMatchObject({
      status: 'rejected',
      reason: 'Title is fine.',
      decidedBy: { id: admin.id },
    });
    const mail = (await mailsTo(t, stranger.email)).at(-1);
    expect(mail?.text).toContain('Ο λόγος: Title is fine.');
    expect(
      (await send('GET', '/api/video_edits?status=rejected', moderator))
        .json()
        .items.map((s: { id: string }) => s.id),
    ).toContain(suggestionId);
    expect(
      (await send('POST', `/api/video_edits/${crypto.randomUUID()}/reject`, admin, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it("hides the video's values now from a suggester once the owner makes it private", async () => {
    const id = await createVideo(t.db, owner.id, {
      status: 'ready',
      thumbnail: 'video_thumbnails/secret.jpg',
    });
    const created = await send('POST', `/api/videos/${id}/edit_suggestions`, stranger, suggestion());
    const suggestionId = created.json().id as string;
    const renamed = edit({
      title: 'Secret new title',
      description: 'Secret new description.',
      keywords: 'secretword',
      privacy: 'private',
    });
    expect((await send('PUT', `/api/videos/${id}`, owner, renamed)).statusCode).toBe(200);

    const listed = await send('GET', '/api/me/edit_suggestions', stranger);
    expect(listed.statusCode).toBe(200);
    for (const secret of ['Secret new', 'secretword', 'secret.jpg'])
      expect(listed.body).not.toContain(secret);
    // What they proposed, what they saw when suggesting, and the outcome stay theirs.
    expect((listed.json() as EditSuggestionList).items.find((s) => s.id === suggestionId)).toMatchObject({
      videoId: id,
      videoTitle: null,
      thumbnailUrl: null,
      current: null,
      status: 'pending',
      proposed: { title: 'Harbour at dawn in Limassol' },
      original: { title: 'Harbour at dawn' },
    });
    // Staff still see the video as it is, and telling the suggester of the outcome names it as they knew it.
    const rejected = await send('POST', `/api/video_edits/${suggestionId}/reject`, moderator, {
      reason: 'Private now.',
    });
    expect(rejected.json()).toMatchObject({
      videoTitle: 'Secret new title',
      current: { keywords: ['secretword'] },
    });
    const mail = (await mailsTo(t, stranger.email)).at(-1);
    expect(`${mail?.subject} ${mail?.text}`).not.toContain('Secret new');
    expect(mail?.subject).toContain('Harbour at dawn');
  });
});
