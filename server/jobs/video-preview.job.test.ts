import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAME } from '../../common/constants';
import { createUserRow, createVideo } from '../../tests/support/factories';
import { createTestDatabase } from '../../tests/support/test-database';
import { ffmpegPath, ffprobePath, renderTestVideo } from '../adapters/media/ffmpeg';
import { watermarkPng } from '../adapters/media/watermark';
import { localStorage } from '../adapters/storage/local-storage';
import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/connection';
import { createQueue, ensureQueues } from './queue';
import {
  makePreview,
  PREVIEW_NOT_A_VIDEO,
  previewQueueing,
  VIDEO_PREVIEW_QUEUE,
  type VideoPreviewDeps,
} from './video-preview.job';
import { processVideo } from './video-processing.job';

const run = promisify(execFile);

let database: Database;
let storage: Storage;
let deps: VideoPreviewDeps;
let fixtures: string;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await fsp.mkdtemp(path.join(os.tmpdir(), 'video-preview-test-'));
  storage = localStorage(path.join(fixtures, 'storage'), {
    secret: 'test-secret-for-signed-file-urls-0123456789',
  });
  deps = { db: database.db, storage, workDir: path.join(fixtures, 'work'), nice: false };
  userId = await createUserRow(database.db, { email: 'preview-creator@example.com' });
});
afterAll(async () => {
  await database.close();
  await fsp.rm(fixtures, { recursive: true, force: true });
});

/** A clip of its own, `size` big, with or without sound. */
async function clip(name: string, size: string, audio = true, seconds = 2): Promise<string> {
  const file = path.join(fixtures, `${name}.mp4`);
  await renderTestVideo('testsrc2', seconds, file, { size, audio });
  return file;
}

/** A processed video (status approved) whose original is `file`; its id. */
async function processed(file: string | Buffer, status = 'approved'): Promise<string> {
  const id = crypto.randomUUID();
  const original = `videos/${id}.mp4`;
  await storage.put(original, Buffer.isBuffer(file) ? file : fs.createReadStream(file), 'video/mp4');
  await createVideo(database.db, userId, { id, title: 'Clip', path: original, status, duration: 'PT2S' });
  await database.db.updateTable('videos').set({ preview_status: 'pending' }).where('id', '=', id).execute();
  return id;
}

const rowOf = (id: string) =>
  database.db
    .selectFrom('videos')
    .select(['status', 'preview_status', 'preview_key', 'preview_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The stored preview, copied to a local file for ffprobe and ffmpeg. */
async function previewFile(id: string): Promise<string> {
  const file = path.join(fixtures, `${id}-preview.mp4`);
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(`previews/${id}.mp4`)) chunks.push(chunk as Buffer);
  await fsp.writeFile(file, Buffer.concat(chunks));
  return file;
}

interface Streams {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}
async function streamsOf(file: string) {
  const { stdout } = await run(ffprobePath, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_entries',
    'stream=codec_type,codec_name,width,height',
    file,
  ]);
  return (JSON.parse(stdout) as Streams).streams;
}

/** The frame at `seconds`, scaled to width x height, as raw RGB bytes. */
async function frameRgb(file: string, seconds: number, width: number, height: number): Promise<Buffer> {
  const { stdout } = await run(
    ffmpegPath,
    [
      '-v',
      'error',
      '-i',
      file,
      '-ss',
      String(seconds),
      '-frames:v',
      '1',
      '-vf',
      `scale=${width}:${height}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

// Real encodes of HD video: seconds alone, and a minute or more beside the rest of the suite on two cores.
describe('makePreview', { timeout: 120_000 }, () => {
  it('makes a landscape 1080p original a 1280x720 H.264/AAC preview with its index first, stored in previews/', async () => {
    const id = await processed(await clip('landscape', '1920x1080'));

    expect(await makePreview({ videoId: id }, deps)).toEqual({
      status: 'ready',
      key: `previews/${id}.mp4`,
      error: null,
    });

    expect(await rowOf(id)).toEqual({
      status: 'approved',
      preview_status: 'ready',
      preview_key: `previews/${id}.mp4`,
      preview_error: null,
    });
    const file = await previewFile(id);
    const streams = await streamsOf(file);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 1280,
      height: 720,
    });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    // +faststart: the index (moov) comes before the media data, so playback starts at once.
    const bytes = await fsp.readFile(file);
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    // What a partner's Media RSS feed says of it: the stored file's own picture and size.
    const recorded = await database.db
      .selectFrom('videos')
      .select(['preview_width', 'preview_height', 'preview_size_bytes'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(recorded).toEqual({ preview_width: 1280, preview_height: 720, preview_size_bytes: bytes.length });
  });

  it('keeps a portrait video portrait, at most 720 high, and makes a silent preview of a silent one', async () => {
    const id = await processed(await clip('portrait', '720x1280', false));

    expect((await makePreview({ videoId: id }, deps))?.status).toBe('ready');

    const streams = await streamsOf(await previewFile(id));
    expect(streams.map((s) => [s.codec_type, s.codec_name, s.width, s.height])).toEqual([
      ['video', 'h264', 406, 720],
    ]);
  });

  it('never upscales: a small square original keeps its size and shape', async () => {
    const id = await processed(await clip('square', '480x480'));

    expect((await makePreview({ videoId: id }, deps))?.status).toBe('ready');

    const video = (await streamsOf(await previewFile(id))).find((s) => s.codec_type === 'video');
    expect([video?.width, video?.height]).toEqual([480, 480]);
  });

  it('draws the watermark over the picture: frames differ under it and match elsewhere', async () => {
    const original = await clip('watermark', '1280x720', true, 3);
    const id = await processed(original);
    await makePreview({ videoId: id }, deps);
    const [width, height] = [1280, 720];

    const before = await frameRgb(original, 1.5, width, height);
    const after = await frameRgb(await previewFile(id), 1.5, width, height);
    const alpha = await sharp(await watermarkPng(APP_NAME, width, height))
      .ensureAlpha()
      .extractChannel('alpha')
      .raw()
      .toBuffer();
    // Pixels at least 3 px away from any stroke (compression smears the strokes' edges a little).
    const clear = (x: number, y: number) => {
      for (let dy = -3; dy <= 3; dy++)
        for (let dx = -3; dx <= 3; dx++) {
          const [px, py] = [x + dx, y + dy];
          if (px >= 0 && py >= 0 && px < width && py < height && alpha[py * width + px]! > 0) return false;
        }
      return true;
    };
    let under = 0;
    let underCount = 0;
    let elsewhere = 0;
    let elsewhereCount = 0;
    for (let y = 0; y < height; y += 2)
      for (let x = 0; x < width; x += 2) {
        const pixel = y * width + x;
        const difference =
          (Math.abs(before[pixel * 3]! - after[pixel * 3]!) +
            Math.abs(before[pixel * 3 + 1]! - after[pixel * 3 + 1]!) +
            Math.abs(before[pixel * 3 + 2]! - after[pixel * 3 + 2]!)) /
          3;
        if (alpha[pixel]! >= 128) {
          under += difference;
          underCount++;
        } else if (clear(x, y)) {
          elsewhere += difference;
          elsewhereCount++;
        }
      }
    // The watermark covers a real share of the frame, and most of the picture stays untouched.
    expect(underCount).toBeGreaterThan(1000);
    expect(elsewhereCount).toBeGreaterThan((width * height) / 4 / 2);
    expect(under / underCount).toBeGreaterThan(25);
    expect(elsewhere / elsewhereCount).toBeLessThan(6);
  });

  it('fails the preview of a broken file without touching the video or its status', async () => {
    const id = await processed(crypto.randomBytes(50_000), 'ready');

    expect(await makePreview({ videoId: id }, deps)).toEqual({
      status: 'failed',
      key: null,
      error: PREVIEW_NOT_A_VIDEO,
    });

    expect(await rowOf(id)).toEqual({
      status: 'ready',
      preview_status: 'failed',
      preview_key: null,
      preview_error: PREVIEW_NOT_A_VIDEO,
    });
    expect(await storage.exists(`previews/${id}.mp4`)).toBe(false);
    expect(await storage.exists(`videos/${id}.mp4`)).toBe(true);
  });

  it('makes nothing for a video whose file has not been processed', async () => {
    const id = await processed(await clip('unprocessed', '320x180'), 'not_uploaded');
    expect(await makePreview({ videoId: id }, deps)).toBeNull();
    expect(await makePreview({ videoId: crypto.randomUUID() }, deps)).toBeNull();
  });
});

describe('queueing the preview', () => {
  it('is queued in the transaction that finishes processing, and the preview is pending', async () => {
    const queue = createQueue(database);
    await queue.start();
    try {
      await ensureQueues(queue, [VIDEO_PREVIEW_QUEUE]);
      const id = crypto.randomUUID();
      await storage.put(
        `videos/${id}.mp4`,
        fs.createReadStream(await clip('queued', '320x180')),
        'video/mp4',
      );
      await createVideo(database.db, userId, {
        id,
        title: 'Queued',
        path: `videos/${id}.mp4`,
        status: 'not_uploaded',
      });

      const result = await processVideo(
        { videoId: id },
        {
          db: database.db,
          storage,
          workDir: deps.workDir,
          queuePreview: previewQueueing(queue).inTransaction,
        },
      );

      expect(result?.status).toBe('not_verified');
      expect((await rowOf(id)).preview_status).toBe('pending');
      const [job] = await queue.fetch<{ videoId: string }>(VIDEO_PREVIEW_QUEUE);
      expect(job?.data).toEqual({ videoId: id });
    } finally {
      await queue.stop({ graceful: false, close: false });
    }
  });
});
