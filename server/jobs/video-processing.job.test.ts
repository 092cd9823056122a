import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIsoDuration } from '../../common/duration';
import { createUserRow, createVideo } from '../../tests/support/factories';
import { createTestDatabase, testDatabaseKind } from '../../tests/support/test-database';
import { ffmpegPath, QUIETLY, renderTestTone, renderTestVideo } from '../adapters/media/ffmpeg';
import { localStorage } from '../adapters/storage/local-storage';
import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/connection';
import { isoDuration, NOT_A_VIDEO, processVideo, type VideoProcessingDeps } from './video-processing.job';

const run = promisify(execFile);
let database: Database;
let storage: Storage;
let deps: VideoProcessingDeps;
let fixtures: string;
let workDir: string;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await fsp.mkdtemp(path.join(os.tmpdir(), 'video-processing-test-'));
  workDir = path.join(fixtures, 'work');
  await fsp.mkdir(workDir);
  storage = localStorage(path.join(fixtures, 'storage'), {
    secret: 'test-secret-for-signed-file-urls-0123456789',
  });
  deps = { db: database.db, storage, workDir };
  userId = await createUserRow(database.db, { email: 'creator@example.com' });
});
afterAll(async () => {
  await database.close();
  await fsp.rm(fixtures, { recursive: true, force: true });
});

/** A real clip of its own content (each test uses another source, so tests never see each other's). */
async function clip(source: string, seconds: number): Promise<string> {
  const file = path.join(fixtures, `${source.replace(/\W/g, '-')}-${seconds}.mp4`);
  await renderTestVideo(source, seconds, file);
  return file;
}

/** A video row whose upload just finished: the file is in storage at its path, status not_uploaded. */
async function uploaded(file: string): Promise<string> {
  const id = crypto.randomUUID();
  const filePath = `videos/${id}.mp4`;
  await storage.put(filePath, fs.createReadStream(file), 'video/mp4');
  await createVideo(database.db, userId, { id, title: 'Clip', path: filePath, status: 'not_uploaded' });
  return id;
}

const rowOf = (id: string) =>
  database.db
    .selectFrom('videos')
    .select([
      'status',
      'processing_error',
      'sha256',
      'size_bytes',
      'duration',
      'thumbnail',
      'thumbnail_variants',
      'capture_metadata',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function storedFile(filePath: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(filePath)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const leftInWorkDir = () => fsp.readdir(workDir);

/** Waits until `count` sessions of this database wait for a lock. */
async function waitForBlockedSessions(count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    // Asked outside any transaction: inside one, pg_stat_activity stays as first read.
    const { rows } = await database.pool.query(
      `select count(*)::int as blocked from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].blocked >= count) return;
    if (Date.now() > deadline) throw new Error('the runs never reached the duplicate check');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('processVideo', () => {
  it('gives a video its hash, size, duration and a 640x360 JPEG thumbnail, and marks it not verified', async () => {
    const file = await clip('testsrc2', 2.5);
    const id = await uploaded(file);

    expect(await processVideo({ videoId: id }, deps)).toEqual({
      status: 'not_verified',
      processingError: null,
    });

    const row = await rowOf(id);
    const content = await fsp.readFile(file);
    expect(row.sha256).toBe(crypto.createHash('sha256').update(content).digest('hex'));
    expect(row.size_bytes).toBe(content.length);
    expect(row.duration).toMatch(/^PT\d+(\.\d+)?S$/);
    expect(parseIsoDuration(row.duration!)).toBeCloseTo(2.5, 1);
    expect(row.thumbnail).toBe(`video_thumbnails/${id}.jpg`);
    const meta = await sharp(await storedFile(row.thumbnail!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 360]);
    // And its WebP card sizes, recorded so that cards offer them.
    for (const width of [320, 480, 640]) {
      const webp = await sharp(
        await storedFile(row.thumbnail!.replace('.jpg', `.w${width}.webp`)),
      ).metadata();
      expect([webp.format, webp.width, webp.height]).toEqual(['webp', width, (width * 9) / 16]);
    }
    expect(row.thumbnail_variants).toBe(true);
    // What the file says of its filming: this one was made by ffmpeg, and says so.
    expect(row.capture_metadata).toMatchObject({ location: null, device: null, editedWith: 'FFmpeg' });
    expect(row.processing_error).toBeNull();
    expect(await leftInWorkDir()).toEqual([]);
  });

  it('marks a second video with the same content as a duplicate', async () => {
    const file = await clip('testsrc', 2);
    const first = await uploaded(file);
    const second = await uploaded(file);

    expect((await processVideo({ videoId: first }, deps))?.status).toBe('not_verified');
    expect((await processVideo({ videoId: second }, deps))?.status).toBe('duplicate');
    expect((await rowOf(first)).status).toBe('not_verified');
  });

  it('lets exactly one of two identical videos processed at the same time be the original', async () => {
    const file = await clip('rgbtestsrc', 2);
    const ids = [await uploaded(file), await uploaded(file)];

    const results = await Promise.all(ids.map((videoId) => processVideo({ videoId }, deps)));

    expect(results.map((result) => result?.status).sort()).toEqual(['duplicate', 'not_verified']);
    const rows = await Promise.all(ids.map(rowOf));
    expect(rows.map((row) => row.status).sort()).toEqual(['duplicate', 'not_verified']);
  });

  // Both runs held at the duplicate check at once, which the test above leaves to chance. Only
  // PostgreSQL has parallel sessions: the embedded database runs one transaction after the other.
  it.runIf(testDatabaseKind() === 'postgres')(
    'lets exactly one be the original even when both reach the duplicate check together',
    async () => {
      const file = await clip('cellauto', 2);
      const ids = [await uploaded(file), await uploaded(file)];
      // Row locks on both videos stop each run at its update, or before it at the hash's lock.
      const gate = await database.pool.connect();
      try {
        await gate.query('begin');
        await gate.query('select id from videos where id = any($1) for update', [ids]);
        const results = Promise.all(ids.map((videoId) => processVideo({ videoId }, deps)));
        await waitForBlockedSessions(2);
        await gate.query('commit');
        expect((await results).map((result) => result?.status).sort()).toEqual(['duplicate', 'not_verified']);
      } finally {
        gate.release(true); // closing the session ends its transaction too, if a failure left it open
      }
    },
  );

  it('refuses a text file named .mp4: NOT_A_VIDEO, still not uploaded, no thumbnail, the file removed', async () => {
    const file = path.join(fixtures, 'notes.mp4');
    await fsp.writeFile(file, 'These are my holiday notes, not a video.\n'.repeat(100));
    const id = await uploaded(file);

    expect(await processVideo({ videoId: id }, deps)).toEqual({
      status: 'not_uploaded',
      processingError: NOT_A_VIDEO,
    });

    const row = await rowOf(id);
    expect([row.status, row.processing_error, row.thumbnail, row.sha256]).toEqual([
      'not_uploaded',
      NOT_A_VIDEO,
      null,
      null,
    ]);
    expect(await storage.exists(`video_thumbnails/${id}.jpg`)).toBe(false);
    // The video lets go of the file, so its owner can upload a real one or withdraw it.
    expect(await storage.exists(`videos/${id}.mp4`)).toBe(false);
    const { path: stillNamed } = await database.db
      .selectFrom('videos')
      .select('path')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stillNamed).toBeNull();
    expect(await leftInWorkDir()).toEqual([]);
  });

  it('finishes a refusal that stopped after marking the video: the file goes, the video waits again', async () => {
    const file = path.join(fixtures, 'half-refused.mp4');
    await fsp.writeFile(file, 'not a video either\n');
    const id = await uploaded(file);
    await database.db
      .updateTable('videos')
      .set({ processing_error: NOT_A_VIDEO })
      .where('id', '=', id)
      .execute();

    expect(await processVideo({ videoId: id }, deps)).toEqual({
      status: 'not_uploaded',
      processingError: NOT_A_VIDEO,
    });
    expect(await storage.exists(`videos/${id}.mp4`)).toBe(false);
    expect(await processVideo({ videoId: id }, deps)).toEqual({
      status: 'not_uploaded',
      processingError: NOT_A_VIDEO,
    });
  });

  it('refuses an audio-only file and a picture, whatever they are named', async () => {
    const audio = path.join(fixtures, 'song.mp4');
    await renderTestTone(2, audio);
    const picture = path.join(fixtures, 'photo.mp4');
    await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0b7285' } })
      .jpeg()
      .toFile(picture);

    for (const file of [audio, picture]) {
      const id = await uploaded(file);
      expect(await processVideo({ videoId: id }, deps)).toEqual({
        status: 'not_uploaded',
        processingError: NOT_A_VIDEO,
      });
      expect(await storage.exists(`video_thumbnails/${id}.jpg`)).toBe(false);
    }
  });

  it('gives the same result when run twice, one after the other or at once (a retried job)', async () => {
    const id = await uploaded(await clip('smptehdbars', 2));

    const atOnce = await Promise.all([
      processVideo({ videoId: id }, deps),
      processVideo({ videoId: id }, deps),
    ]);
    const rowAfter = await rowOf(id);
    const again = await processVideo({ videoId: id }, deps);

    expect(atOnce).toEqual([again, again]);
    expect(again).toEqual({ status: 'not_verified', processingError: null });
    expect(await rowOf(id)).toEqual(rowAfter);
  });

  it('letterboxes a portrait video into the 16:9 thumbnail rather than cropping it', async () => {
    const file = path.join(fixtures, 'portrait.mp4');
    await renderTestVideo('color=c=white', 1, file, { size: '360x640', audio: false });
    const id = await uploaded(file);
    await processVideo({ videoId: id }, deps);

    const { data, info } = await sharp(await storedFile(`video_thumbnails/${id}.jpg`))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const brightness = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(brightness(20, 180)).toBeLessThan(30); // black bar at the side
    expect(brightness(320, 180)).toBeGreaterThan(220); // the white picture, whole, in the middle
    expect(brightness(320, 5)).toBeGreaterThan(220); // top to bottom: nothing cut off
  });

  it('takes the thumbnail of a file that ffmpeg cannot jump into (an AVI)', async () => {
    const file = path.join(fixtures, 'camera.avi');
    await renderTestVideo('testsrc2', 2, file, { audio: false });
    const id = await uploaded(file);

    expect((await processVideo({ videoId: id }, deps))?.status).toBe('not_verified');
    expect((await rowOf(id)).thumbnail).toBe(`video_thumbnails/${id}.jpg`);
    expect(await storage.exists(`video_thumbnails/${id}.jpg`)).toBe(true);
  });

  it('does nothing for a video that is gone', async () => {
    expect(await processVideo({ videoId: crypto.randomUUID() }, deps)).toBeNull();
  });
});

// Three clips made and processed with ffmpeg: seconds idle, over half a minute beside the whole suite.
describe('near-duplicates found in processing', { timeout: 120_000 }, () => {
  const copyOf = (videoId: string) =>
    database.db
      .selectFrom('video_copy_matches')
      .selectAll()
      .where('video_id', '=', videoId)
      .executeTakeFirst();

  it('flags a re-encoded, resized, trimmed copy of an earlier video with it and the stretch they share; not a distinct one', async () => {
    const source = path.join(fixtures, 'fractal.mp4');
    await renderTestVideo('mandelbrot', 10, source, { size: '320x180', audio: false });
    const original = await uploaded(source);
    expect((await processVideo({ videoId: original }, deps))?.status).toBe('not_verified');
    // Seconds 2-8 of it, larger, at a low bitrate, as a phone's share sheet would send it.
    const trimmed = path.join(fixtures, 'fractal-copy.mp4');
    await run(ffmpegPath, [
      ...QUIETLY,
      ...['-ss', '2', '-t', '6', '-i', source, '-vf', 'scale=480:270'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', trimmed],
    ]);
    const copy = await uploaded(trimmed);
    const distinct = await uploaded(await clip('life=seed=7:mold=10:size=320x180', 6));

    // A near copy is not an exact one: staff decide, so the status is the usual one.
    expect((await processVideo({ videoId: copy }, deps))?.status).toBe('not_verified');
    expect((await processVideo({ videoId: distinct }, deps))?.status).toBe('not_verified');

    const match = await copyOf(copy);
    expect(match).toMatchObject({ original_id: original, mirrored: false, decision: null });
    expect(match!.starts_at).toBeLessThanOrEqual(0.5);
    expect(match!.ends_at).toBeGreaterThanOrEqual(5.5);
    expect(match!.original_starts_at).toBeCloseTo(2 + match!.starts_at, 0);
    expect(match!.original_ends_at).toBeCloseTo(2 + match!.ends_at, 0);
    expect(match!.score).toBeGreaterThan(0.9);
    expect(await copyOf(distinct)).toBeUndefined();
    expect(await copyOf(original)).toBeUndefined();
    // Every processed video joins the index the next upload is looked up in.
    const indexed = await database.db
      .selectFrom('video_frame_keys')
      .select(({ fn }) => fn.count<number>('key').as('keys'))
      .where('video_id', '=', original)
      .executeTakeFirstOrThrow();
    expect(Number(indexed.keys)).toBe(4 * 10);
  });
});

describe('isoDuration', () => {
  it('writes the ISO-8601 form the web reads back', () => {
    expect(isoDuration(65.5)).toBe('PT1M5.5S');
    expect(isoDuration(3723)).toBe('PT1H2M3S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(59.9996)).toBe('PT1M');
    expect(isoDuration(2.0417)).toBe('PT2.042S');
    for (const seconds of [0.04, 6, 65.5, 3599.999, 7322.25]) {
      expect(parseIsoDuration(isoDuration(seconds))).toBeCloseTo(seconds, 3);
    }
  });
});
