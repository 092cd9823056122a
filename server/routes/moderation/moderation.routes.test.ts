import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewQueue, StatusHistory } from '../../../common/contracts/moderation';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { keywordCount } from '../../../tests/support/keyword-summary';
import { mailsTo, requestAs } from '../../../tests/support/requests';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import type { UserEvent } from '../../adapters/events/event-bus';

let send: ReturnType<typeof requestAs>;
let owner: TestUser;
let stranger: TestUser;
let moderator: TestUser;
let admin: TestUser;
const t = setUpTestApp();
beforeAll(async () => {
  send = requestAs(t);
  owner = await createUser(t, { verified: true, language: 'el', name: 'Maria' });
  stranger = await createUser(t, { verified: true });
  moderator = await createUser(t, { rights: ['manage_videos'], name: 'Mod' });
  admin = await createUser(t, { rights: ['admin'] });
});

const statusOf = async (id: string) =>
  (await t.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const changesOf = (id: string) =>
  t.db.selectFrom('video_status_changes').selectAll().where('video_id', '=', id).execute();

describe('POST /api/videos/:id/status', () => {
  it.each([
    ['not_verified', 'ready'],
    ['not_verified', 'archived'],
    ['duplicate', 'archived'],
    ['approved', 'ready'],
    ['ready', 'archived'],
    ['yt_uploaded', 'ready'],
  ])('lets manage_videos move %s -> %s and records it', async (from, to) => {
    const id = await createVideo(t.db, owner.id, { status: from });
    const response = await send('POST', `/api/videos/${id}/status`, moderator, { to });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: to,
      change: { from, to, changedBy: { id: moderator.id } },
    });
    expect(await statusOf(id)).toBe(to);
    expect(await changesOf(id)).toMatchObject([
      { from_status: from, to_status: to, changed_by: moderator.id },
    ]);
  });

  it.each([['not_verified'], ['archived'], ['declined']])(
    'with publishing off, approving a %s video makes it ready at once, the last step by the system',
    async (from) => {
      const id = await createVideo(t.db, owner.id, { status: from });
      const response = await send('POST', `/api/videos/${id}/status`, moderator, { to: 'approved' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'ready',
        change: { from, to: 'approved', changedBy: { id: moderator.id } },
      });
      expect(await statusOf(id)).toBe('ready');
      expect(await changesOf(id)).toMatchObject([
        { from_status: from, to_status: 'approved', changed_by: moderator.id, automatic: false },
        { from_status: 'approved', to_status: 'ready', changed_by: null, reason: null, automatic: true },
      ]);
      // Staff read both steps, the second one by nobody.
      const history = (await send('GET', `/api/videos/${id}/history`, moderator)).json() as StatusHistory;
      expect(history.items.map((c) => [c.from, c.to, c.changedBy?.id ?? null, c.automatic])).toEqual([
        [from, 'approved', moderator.id, false],
        ['approved', 'ready', null, true],
      ]);
    },
  );

  it('counts the keywords once approved, through ready; declining or archiving takes them back', async () => {
    const count = (keyword: string) => keywordCount(t.db, keyword);
    const id = await createVideo(t.db, owner.id, {
      status: 'not_verified',
      keywords: ['Aqueduct', 'kamares'],
    });
    const other = await createVideo(t.db, owner.id, { status: 'not_verified', keywords: ['kamares'] });
    const to = async (video: string, status: string, reason = '') =>
      expect(
        (await send('POST', `/api/videos/${video}/status`, moderator, { to: status, reason })).statusCode,
      ).toBe(200);
    expect(await count('kamares')).toBe(0);
    await to(id, 'approved');
    expect([await count('aqueduct'), await count('kamares')]).toEqual([1, 1]);
    await to(other, 'ready'); // listed as well
    expect([await count('aqueduct'), await count('kamares')]).toEqual([1, 2]);
    await to(id, 'declined', 'Blurry.');
    expect([await count('aqueduct'), await count('kamares')]).toEqual([0, 1]);
    await to(other, 'archived');
    expect(await count('kamares')).toBe(0);
    // A refused change (declined -> duplicate) changes nothing either.
    expect((await send('POST', `/api/videos/${id}/status`, moderator, { to: 'duplicate' })).statusCode).toBe(
      409,
    );
    expect(await count('aqueduct')).toBe(0);
  });

  it('lets an admin decline a duplicate with a reason', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'duplicate' });
    const response = await send('POST', `/api/videos/${id}/status`, admin, {
      to: 'declined',
      reason: 'Copy.',
    });
    expect(response.statusCode).toBe(200);
    expect(await changesOf(id)).toMatchObject([
      { to_status: 'declined', reason: 'Copy.', changed_by: admin.id },
    ]);
  });

  it.each([
    ['not_uploaded', 'approved'],
    ['duplicate', 'approved'],
    ['duplicate', 'ready'],
    ['not_verified', 'not_verified'],
    ['approved', 'not_uploaded'],
    ['approved', 'duplicate'],
    ['approved', 'yt_uploaded'],
    ['not_verified', 'yt_removed'],
    ['ready', 'approved'],
    ['ready', 'not_verified'],
  ])('refuses %s -> %s with 409, changing nothing', async (from, to) => {
    const id = await createVideo(t.db, owner.id, { status: from });
    const response = await send('POST', `/api/videos/${id}/status`, admin, { to, reason: 'x' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('STATUS_CHANGE_NOT_ALLOWED');
    expect(await statusOf(id)).toBe(from);
    expect(await changesOf(id)).toEqual([]);
  });

  it('asks a reason for a decline', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    for (const body of [{ to: 'declined' }, { to: 'declined', reason: '   ' }]) {
      const response = await send('POST', `/api/videos/${id}/status`, moderator, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([
        { field: 'reason', message: 'moderation.errors.reasonRequired' },
      ]);
    }
    expect(await statusOf(id)).toBe('not_verified');
  });

  it('refuses bad input: an unknown status, a reason too long, a broken id', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    expect((await send('POST', `/api/videos/${id}/status`, moderator, { to: 'published' })).statusCode).toBe(
      400,
    );
    const long = await send('POST', `/api/videos/${id}/status`, moderator, {
      to: 'approved',
      reason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(
      (await send('POST', '/api/videos/not-a-uuid/status', moderator, { to: 'approved' })).statusCode,
    ).toBe(400);
    const missing = await send('POST', `/api/videos/${crypto.randomUUID()}/status`, moderator, {
      to: 'approved',
    });
    expect(missing.statusCode).toBe(404);
    expect(await statusOf(id)).toBe('not_verified');
  });

  it.each([
    ['the owner', () => owner, 403],
    ['a stranger', () => stranger, 403],
    ['anonymous', () => null, 401],
  ])('refuses %s, changing nothing', async (_, who, code) => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    for (const to of ['approved', 'ready', 'archived']) {
      const response = await send('POST', `/api/videos/${id}/status`, who(), { to });
      expect(response.statusCode).toBe(code);
    }
    expect(await statusOf(id)).toBe('not_verified');
    expect(await changesOf(id)).toEqual([]);
  });

  it('tells the owner live and by e-mail in their language, with the reason of a decline', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified', title: 'Λιμάνι' });
    const heard: UserEvent[] = [];
    const unsubscribe = t.events.subscribe(owner.id, (event) => heard.push(event));
    try {
      const response = await send('POST', `/api/videos/${id}/status`, moderator, {
        to: 'declined',
        reason: 'Η εικόνα είναι θολή.',
      });
      expect(response.statusCode).toBe(200);
      for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      unsubscribe();
    }
    expect(heard).toEqual([{ type: 'video-status', videoId: id, title: 'Λιμάνι', status: 'declined' }]);
    const mail = (await mailsTo(t, owner.email)).find((m) => m.subject?.includes('Λιμάνι'));
    expect(mail?.subject).toBe('Το βίντεό σας «Λιμάνι» απορρίφθηκε');
    expect(mail?.text).toContain('Ο λόγος: Η εικόνα είναι θολή.');
    expect(mail?.text).toContain(`${t.config.publicUrl}/videos/${id}`);
  });

  it('declines for a reason of the list, with words or without: the owner reads it in their language on the page and in the e-mail', async () => {
    const decline = async (title: string, body: object) => {
      const id = await createVideo(t.db, owner.id, { status: 'not_verified', title });
      const response = await send('POST', `/api/videos/${id}/status`, moderator, { to: 'declined', ...body });
      expect(response.statusCode, response.body).toBe(200);
      const mail = (await mailsTo(t, owner.email)).find((m) => m.subject?.includes(title));
      return { id, change: response.json().change, mail: mail?.text ?? '' };
    };
    const shaky = await decline('Σκάλα', { declineReason: 'poor_quality' });
    expect(shaky.change).toMatchObject({ reason: null, declineReason: 'poor_quality' });
    expect(shaky.mail).toContain('Ο λόγος: Χαμηλή ποιότητα εικόνας ή ήχου');
    const copied = await decline('Πλατεία', {
      declineReason: 'not_own_footage',
      reason: 'The clip is from a news channel.',
    });
    expect(copied.mail).toContain(
      'Ο λόγος: Δεν είναι υλικό του ίδιου του δημιουργού — The clip is from a news channel.',
    );

    // The page says why to its owner and to staff; nobody else sees a declined video at all.
    const why = { reason: 'not_own_footage', note: 'The clip is from a news channel.' };
    expect((await send('GET', `/api/videos/${copied.id}`, owner)).json().declined).toEqual(why);
    expect((await send('GET', `/api/videos/${copied.id}`, moderator)).json().declined).toEqual(why);
    expect((await send('GET', `/api/videos/${copied.id}`, stranger)).statusCode).toBe(404);
    expect((await send('GET', `/api/videos/${shaky.id}`, owner)).json().declined).toEqual({
      reason: 'poor_quality',
      note: null,
    });
    // The history keeps it; once the video moves on, its page no longer shows a decline.
    const history = await send('GET', `/api/videos/${copied.id}/history`, moderator);
    expect(history.json().items.at(-1)).toMatchObject({ to: 'declined', declineReason: 'not_own_footage' });
    await send('POST', `/api/videos/${copied.id}/status`, moderator, { to: 'archived' });
    expect((await send('GET', `/api/videos/${copied.id}`, owner)).json().declined).toBeNull();
  });

  it('refuses a reason that is not of the list', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    const response = await send('POST', `/api/videos/${id}/status`, moderator, {
      to: 'declined',
      declineReason: 'boring',
      reason: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('not_verified');
  });
});

describe('GET /api/videos/:id/history', () => {
  it('shows staff every change, oldest first, with who and why', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    await send('POST', `/api/videos/${id}/status`, moderator, { to: 'approved' });
    await send('POST', `/api/videos/${id}/status`, admin, { to: 'declined', reason: 'Rights unclear.' });
    await send('POST', `/api/videos/${id}/status`, moderator, { to: 'archived' });
    const response = await send('GET', `/api/videos/${id}/history`, moderator);
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as StatusHistory;
    expect(items.map((c) => [c.from, c.to, c.reason, c.changedBy?.id ?? null])).toEqual([
      ['not_verified', 'approved', null, moderator.id],
      ['approved', 'ready', null, null],
      ['ready', 'declined', 'Rights unclear.', admin.id],
      ['declined', 'archived', null, moderator.id],
    ]);
  });

  it('refuses the owner, a stranger and anonymous', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    expect((await send('GET', `/api/videos/${id}/history`, owner)).statusCode).toBe(403);
    expect((await send('GET', `/api/videos/${id}/history`, stranger)).statusCode).toBe(403);
    expect((await send('GET', `/api/videos/${id}/history`, null)).statusCode).toBe(401);
  });
});

describe('GET /api/review/videos', () => {
  it('lists not_verified videos and duplicates oldest first, with owner details and the original', async () => {
    await t.db.deleteFrom('videos').where('status', 'in', ['not_verified', 'duplicate']).execute();
    const base = Date.now() - 3_600_000;
    const original = await createVideo(t.db, stranger.id, {
      status: 'ready',
      title: 'The original',
      sha256: 'abc',
      created_at: new Date(base),
    });
    const first = await createVideo(t.db, owner.id, {
      status: 'not_verified',
      title: 'First',
      created_at: new Date(base + 1000),
    });
    const copy = await createVideo(t.db, owner.id, {
      status: 'duplicate',
      title: 'Copy',
      sha256: 'abc',
      created_at: new Date(base + 2000),
    });
    await createVideo(t.db, owner.id, {
      title: 'Approved already',
      status: 'approved',
      created_at: new Date(base + 3000),
    });
    const third = await createVideo(t.db, owner.id, {
      status: 'not_verified',
      title: 'Third',
      created_at: new Date(base + 4000),
    });
    await t.db
      .updateTable('videos')
      .set({ path: `videos/${first}.mp4`, signature_path: `signatures/${first}.png`, duration: 'PT1M5S' })
      .where('id', '=', first)
      .execute();

    const page1 = (await send('GET', '/api/review/videos?limit=2', moderator)).json() as ReviewQueue;
    expect(page1.items.map((v) => v.id)).toEqual([first, copy]);
    expect(page1.items[0]).toMatchObject({
      title: 'First',
      duration: 'PT1M5S',
      agreementVersion: '2026-11-22',
      user: { id: owner.id, name: 'Maria', email: owner.email },
      owner: {
        name: 'Maria Owner',
        email: 'maria@example.com',
        phone: '+35799123456',
        country: 'CY',
        dob: '1990-05-01',
        instagram: '@maria',
      },
      duplicateOf: null,
      // Publishing is off: approving makes it ready, so "mark ready" is not offered beside it.
      nextStatuses: ['approved', 'declined', 'archived'],
    });
    expect(page1.items[0]?.playbackUrl).toMatch(/\/api\/files\//);
    expect(page1.items[0]?.signatureUrl).toMatch(/\/api\/files\//);
    expect(page1.items[1]).toMatchObject({
      duplicateOf: { id: original, title: 'The original', user: { id: stranger.id } },
      nextStatuses: ['declined', 'archived'],
    });
    const page2 = (await send('GET', `/api/review/videos?limit=2&cursor=${page1.nextCursor}`, admin)).json();
    expect(page2.items.map((v: { id: string }) => v.id)).toEqual([third]);
    expect(page2.nextCursor).toBeNull();
  });

  it('refuses the owner, a stranger and anonymous, and a broken cursor', async () => {
    expect((await send('GET', '/api/review/videos', owner)).statusCode).toBe(403);
    expect((await send('GET', '/api/review/videos', stranger)).statusCode).toBe(403);
    expect((await send('GET', '/api/review/videos', null)).statusCode).toBe(401);
    expect((await send('GET', '/api/review/videos?cursor=%25%25', moderator)).statusCode).toBe(400);
    expect((await send('GET', '/api/review/videos?limit=500', moderator)).statusCode).toBe(400);
  });
});
