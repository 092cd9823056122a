import { beforeAll, describe, expect, it } from 'vitest';
import type { CopyCheck } from '../../../common/contracts/copy-review';
import type { ReviewQueue } from '../../../common/contracts/moderation';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { mailsTo, requestAs } from '../../../tests/support/requests';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';

/**
 * Possible copies (issue 33): what processing found, as staff read it on the review queue and the video
 * page, and their decision. The finding itself is the processing job's (video-processing.job.test.ts).
 */
let send: ReturnType<typeof requestAs>;
let uploader: TestUser;
let earlierCreator: TestUser;
let moderator: TestUser;
const t = setUpTestApp();
beforeAll(async () => {
  send = requestAs(t);
  uploader = await createUser(t, { verified: true, language: 'el', name: 'Nikos' });
  earlierCreator = await createUser(t, { verified: true, name: 'Eleni' });
  moderator = await createUser(t, { rights: ['manage_videos'], name: 'Mod' });
});

/** An earlier video of `originalOwner`, and a new one of the uploader found to copy seconds 2-8 of it. */
async function flagged(originalOwner: TestUser, title = 'Copy') {
  const original = await createVideo(t.db, originalOwner.id, {
    status: 'ready',
    title: 'Harbour at dusk',
    path: 'videos/original.mp4',
  });
  const copy = await createVideo(t.db, uploader.id, {
    status: 'not_verified',
    title,
    keywords: ['harbour'],
    path: 'videos/copy.mp4',
  });
  for (const id of [original, copy])
    await t.db
      .insertInto('video_fingerprints')
      .values({ video_id: id, rate: 2, frames: Buffer.alloc(8), mirrored: Buffer.alloc(8) })
      .execute();
  await t.db
    .insertInto('video_copy_matches')
    .values({
      video_id: copy,
      original_id: original,
      starts_at: 0,
      ends_at: 6,
      original_starts_at: 2,
      original_ends_at: 8,
      score: 0.96,
      mirrored: true,
    })
    .execute();
  return { original, copy };
}

const check = async (videoId: string) =>
  (await send('GET', `/api/videos/${videoId}/copy_check`, moderator)).json() as CopyCheck;
const decide = (videoId: string, decision: string, user: TestUser = moderator) =>
  send('POST', `/api/videos/${videoId}/copy_check/decision`, user, { decision });
const statusOf = async (id: string) =>
  (await t.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('a possible copy, for staff', () => {
  it('shows on the review queue and the video page: the original, its uploader, both stretches and files', async () => {
    const { original, copy } = await flagged(earlierCreator);
    const queue = (await send('GET', '/api/review/videos?limit=24', moderator)).json() as ReviewQueue;
    const item = queue.items.find((i) => i.id === copy);
    expect(item?.possibleCopy).toMatchObject({
      original: { id: original, title: 'Harbour at dusk', user: { id: earlierCreator.id, name: 'Eleni' } },
      sameOwner: false,
      at: { from: 0, to: 6 },
      originalAt: { from: 2, to: 8 },
      mirrored: true,
      decision: null,
    });
    expect(item?.possibleCopy?.score).toBeCloseTo(0.96, 5);
    expect(item?.possibleCopy?.original.playbackUrl).toMatch(/^\/api\/files\/videos\/original\.mp4\?/);

    const page = await check(copy);
    expect(page).toMatchObject({ checked: true, possibleCopy: { original: { id: original } } });
    expect(page.playbackUrl).toMatch(/^\/api\/files\/videos\/copy\.mp4\?/);
  });

  it("says so when the earlier video is the uploader's own", async () => {
    const { copy } = await flagged(uploader);
    expect((await check(copy)).possibleCopy?.sameOwner).toBe(true);
  });

  it('says nothing was found, or that the frames were not compared yet', async () => {
    const unchecked = await createVideo(t.db, uploader.id, { status: 'not_verified' });
    expect(await check(unchecked)).toMatchObject({ checked: false, possibleCopy: null });
    const { original } = await flagged(earlierCreator);
    expect(await check(original)).toMatchObject({ checked: true, possibleCopy: null });
  });
});

describe('POST /api/videos/:id/copy_check/decision', () => {
  it('"not a copy" leaves the status as it is, once', async () => {
    const { copy } = await flagged(earlierCreator);
    const response = await decide(copy, 'not_a_copy');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ decision: 'not_a_copy', status: 'not_verified' });
    expect(await statusOf(copy)).toBe('not_verified');
    expect((await check(copy)).possibleCopy?.decision).toBe('not_a_copy');

    const again = await decide(copy, 'duplicate');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('COPY_ALREADY_DECIDED');
    expect(await statusOf(copy)).toBe('not_verified');
  });

  it("declines it as a duplicate: staff's change in the history, the owner told in their language", async () => {
    const { copy } = await flagged(earlierCreator, 'Λιμάνι αντίγραφο');
    const response = await decide(copy, 'duplicate');
    expect(response.json()).toEqual({ decision: 'duplicate', status: 'duplicate' });
    expect(await statusOf(copy)).toBe('duplicate');
    const changes = await t.db
      .selectFrom('video_status_changes')
      .selectAll()
      .where('video_id', '=', copy)
      .execute();
    expect(changes).toMatchObject([
      { from_status: 'not_verified', to_status: 'duplicate', changed_by: moderator.id },
    ]);
    const mail = (await mailsTo(t, uploader.email)).find((m) => m.subject?.includes('Λιμάνι αντίγραφο'));
    expect(mail?.text).toContain(`${t.config.publicUrl}/videos/${copy}`);
  });

  it('answers 404 for a video with no possible copy, 400 for an unknown decision, 403 for the uploader', async () => {
    const plain = await createVideo(t.db, uploader.id, { status: 'not_verified' });
    expect((await decide(plain, 'not_a_copy')).statusCode).toBe(404);
    const { copy } = await flagged(earlierCreator);
    expect((await decide(copy, 'maybe')).statusCode).toBe(400);
    expect((await decide(copy, 'not_a_copy', uploader)).statusCode).toBe(403);
    expect((await send('GET', `/api/videos/${copy}/copy_check`, uploader)).statusCode).toBe(403);
    expect((await check(copy)).possibleCopy?.decision).toBeNull();
  });
});
