import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserRow, createVideo } from '../../tests/support/factories';
import { keywordCount } from '../../tests/support/keyword-summary';
import { createTestDatabase } from '../../tests/support/test-database';
import { startYouTubeStandIn, type YouTubeStandIn } from '../../tests/support/youtube-stand-in';
import { localStorage } from '../adapters/storage/local-storage';
import type { Storage } from '../adapters/storage/storage';
import { youtubeHttpChannel } from '../adapters/youtube/youtube-http';
import { loadConfig } from '../config';
import type { Database } from '../db/connection';
import { checkRemovedVideos, type PublishingDeps, publishVideo } from './youtube-publishing.job';

let database: Database;
let storage: Storage;
let standIn: YouTubeStandIn;
let deps: PublishingDeps;
let fixtures: string;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await fsp.mkdtemp(path.join(os.tmpdir(), 'youtube-publishing-test-'));
  storage = localStorage(path.join(fixtures, 'storage'), {
    secret: 'test-secret-for-signed-file-urls-0123456789',
  });
  standIn = await startYouTubeStandIn();
  const youtube = loadConfig({ NODE_ENV: 'test', ...standIn.env }).youtube;
  if (!youtube) throw new Error('publishing should be on');
  deps = { db: database.db, storage, channel: youtubeHttpChannel(youtube) };
  userId = await createUserRow(database.db, { email: 'creator@example.com' });
});
afterAll(async () => {
  await standIn.close();
  await database.close();
  await fsp.rm(fixtures, { recursive: true, force: true });
});

const FIRST = { final: false };
const LAST = { final: true };

/** An approved video with a file of its own bytes in storage. */
async function approvedVideo(overrides: { privacy?: string; keywords?: string[] } = {}) {
  const id = crypto.randomUUID();
  const bytes = crypto.randomBytes(200_000);
  const filePath = `videos/${id}.mp4`;
  await storage.put(filePath, bytes, 'video/mp4');
  await createVideo(database.db, userId, {
    id,
    title: 'Harbour at dawn',
    description: 'Boats leaving.',
    keywords: overrides.keywords ?? ['harbour', 'boats'],
    status: 'approved',
    privacy: overrides.privacy ?? 'public',
    category_id: 19,
    path: filePath,
    file_name: 'harbour.mp4',
  });
  return { id, sha256: crypto.createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}
const rowOf = (id: string) =>
  database.db
    .selectFrom('videos')
    .select(['status', 'youtube_id', 'youtube_published_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const historyOf = async (id: string) =>
  (
    await database.db
      .selectFrom('video_status_changes')
      .select(['from_status', 'to_status', 'reason', 'changed_by', 'automatic'])
      .where('video_id', '=', id)
      .orderBy('changed_at')
      .execute()
  ).map((row) => [row.from_status, row.to_status, row.reason, row.automatic ? 'system' : row.changed_by]);

describe('publishVideo', () => {
  it('uploads the original with its details, then the video has its YouTube id, yt_uploaded and ready', async () => {
    const video = await approvedVideo({ privacy: 'unlisted' });
    expect(await publishVideo({ videoId: video.id }, FIRST, deps)).toBe('published');
    const sent = standIn.uploads.at(-1);
    expect(sent).toMatchObject({
      metadata: {
        snippet: {
          title: 'Harbour at dawn',
          description: 'Boats leaving.',
          tags: ['harbour', 'boats'],
          categoryId: '19',
        },
        status: { privacyStatus: 'unlisted' },
      },
      contentType: 'video/mp4',
      declaredLength: String(video.size),
      bytes: video.size,
      sha256: video.sha256,
    });
    const row = await rowOf(video.id);
    expect(row).toMatchObject({ status: 'ready', youtube_id: sent?.youtubeId });
    expect(row.youtube_published_at).toBeInstanceOf(Date);
    expect(await historyOf(video.id)).toEqual([
      ['approved', 'yt_uploaded', null, 'system'],
      ['yt_uploaded', 'ready', null, 'system'],
    ]);
  });

  it('after a 503 sets yt_upload_retry with the reason and throws for the queue to retry; the retry publishes', async () => {
    const video = await approvedVideo();
    standIn.failures.put.push({ status: 503 });
    await expect(publishVideo({ videoId: video.id }, FIRST, deps)).rejects.toThrow(/503|backendError/);
    expect((await rowOf(video.id)).status).toBe('yt_upload_retry');
    expect(await publishVideo({ videoId: video.id }, FIRST, deps)).toBe('published');
    expect(await historyOf(video.id)).toEqual([
      ['approved', 'yt_upload_retry', 'upload: backendError', 'system'],
      ['yt_upload_retry', 'yt_uploaded', null, 'system'],
      ['yt_uploaded', 'ready', null, 'system'],
    ]);
  });

  it('an attempt whose answer was lost after YouTube had every byte: the retry finds that video and uploads nothing again', async () => {
    const video = await approvedVideo();
    const uploadsBefore = standIn.uploads.length;
    standIn.failures.put.push({ status: 503, afterFinishing: true });
    await expect(publishVideo({ videoId: video.id }, FIRST, deps)).rejects.toThrow(/503|backendError/);
    const queriesBefore = standIn.statusQueries();
    expect(await publishVideo({ videoId: video.id }, FIRST, deps)).toBe('published');
    expect(standIn.statusQueries()).toBe(queriesBefore + 1);
    expect(standIn.uploads.length).toBe(uploadsBefore + 1);
    const row = await rowOf(video.id);
    expect(row).toMatchObject({ status: 'ready', youtube_id: standIn.uploads.at(-1)?.youtubeId });
  });

  it('a connection that broke half-way: the retry sends only the rest, and YouTube has the whole file', async () => {
    const video = await approvedVideo();
    standIn.failures.put.push({ status: 503, keepBytes: 50_000 });
    await expect(publishVideo({ videoId: video.id }, FIRST, deps)).rejects.toThrow(/503|backendError/);
    expect(await publishVideo({ videoId: video.id }, FIRST, deps)).toBe('published');
    expect(standIn.putSizes.at(-1)).toBe(video.size - 50_000);
    expect(standIn.uploads.at(-1)).toMatchObject({ bytes: video.size, sha256: video.sha256 });
    const session = await database.db
      .selectFrom('videos')
      .select('youtube_upload_session')
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(session.youtube_upload_session).toBeNull();
  });

  it('treats a spent quota as retryable, and on the last attempt gives up with yt_upload_error and the reason', async () => {
    const video = await approvedVideo();
    standIn.failures.session.push({ status: 403, reason: 'quotaExceeded' });
    await expect(publishVideo({ videoId: video.id }, FIRST, deps)).rejects.toThrow();
    standIn.failures.session.push({ status: 503 });
    expect(await publishVideo({ videoId: video.id }, LAST, deps)).toBe('failed');
    expect(await rowOf(video.id)).toMatchObject({ status: 'yt_upload_error', youtube_id: null });
    expect(await historyOf(video.id)).toEqual([
      ['approved', 'yt_upload_retry', 'upload session: quotaExceeded', 'system'],
      ['yt_upload_retry', 'yt_upload_error', 'upload session: backendError', 'system'],
    ]);
  });

  it('gives up at once on a failure that will not pass (a refused video)', async () => {
    const video = await approvedVideo();
    standIn.failures.session.push({ status: 400, reason: 'invalidTitle' });
    expect(await publishVideo({ videoId: video.id }, FIRST, deps)).toBe('failed');
    expect(await historyOf(video.id)).toEqual([
      ['approved', 'yt_upload_error', 'upload session: invalidTitle', 'system'],
    ]);
  });

  it('counts a network failure as retryable', async () => {
    const video = await approvedVideo();
    const offline = youtubeHttpChannel({
      clientId: 'c',
      clientSecret: 's',
      refreshToken: 'refresh-me',
      apiBase: 'http://127.0.0.1:1',
      oauthBase: 'http://127.0.0.1:1',
    });
    await expect(publishVideo({ videoId: video.id }, FIRST, { ...deps, channel: offline })).rejects.toThrow(
      /network/,
    );
    expect(await historyOf(video.id)).toEqual([
      ['approved', 'yt_upload_retry', 'token: network (TypeError)', 'system'],
    ]);
  });

  it('does nothing for a video staff moved on meanwhile (declined), uploading nothing', async () => {
    const video = await approvedVideo();
    await database.db.updateTable('videos').set({ status: 'declined' }).where('id', '=', video.id).execute();
    const before = standIn.uploads.length;
    expect(await publishVideo({ videoId: video.id }, FIRST, deps)).toBe('skipped');
    expect(standIn.uploads.length).toBe(before);
    expect(await historyOf(video.id)).toEqual([]);
  });
});

describe('checkRemovedVideos', () => {
  it('marks videos YouTube deleted or rejected yt_removed with the reason, and leaves the rest and owner links alone', async () => {
    const [kept, deleted, rejected] = [await approvedVideo(), await approvedVideo(), await approvedVideo()];
    for (const video of [kept, deleted, rejected]) await publishVideo({ videoId: video.id }, FIRST, deps);
    const youtubeIdOf = async (id: string) => (await rowOf(id)).youtube_id ?? '';
    standIn.remove(await youtubeIdOf(deleted.id));
    standIn.reject(await youtubeIdOf(rejected.id), 'termsOfUse');
    // An owner's link to a video of their own is not ours to check.
    const linked = await createVideo(database.db, userId, { status: 'ready', youtube_id: 'ownersVideo' });

    const marked = await checkRemovedVideos(deps);
    expect(marked.sort()).toEqual([deleted.id, rejected.id].sort());
    expect((await rowOf(kept.id)).status).toBe('ready');
    expect((await rowOf(linked)).status).toBe('ready');
    expect((await historyOf(deleted.id)).at(-1)).toEqual([
      'ready',
      'yt_removed',
      'YouTube: deleted',
      'system',
    ]);
    expect((await historyOf(rejected.id)).at(-1)).toEqual([
      'ready',
      'yt_removed',
      'YouTube: rejected: termsOfUse',
      'system',
    ]);
    // A second pass finds nothing new.
    expect(await checkRemovedVideos(deps)).toEqual([]);
  });

  it("takes the removed video's keywords out of the keyword summary", async () => {
    const video = await approvedVideo({ keywords: ['vanishing'] });
    await publishVideo({ videoId: video.id }, FIRST, deps);
    const count = () => keywordCount(database.db, 'vanishing');
    expect(Number(await count())).toBe(1);
    standIn.remove((await rowOf(video.id)).youtube_id ?? '');
    await checkRemovedVideos(deps);
    expect(Number(await count())).toBe(0);
  });
});
