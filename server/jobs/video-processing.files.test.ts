import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseIsoDuration } from '../../common/duration';
import { processingFixture } from '../../tests/support/processing-fixture';
import { renderTestTone, renderTestVideo } from '../adapters/media/ffmpeg';
import { isoDuration, NOT_A_VIDEO, processVideo } from './video-processing.job';

/**
 * What the processing job makes of a file: its hash, duration and thumbnails, a refusal of what is no
 * video. The same on either database, so on the embedded one only; where the database decides
 * (duplicates, races, retries, near copies) is video-processing.job.test.ts, on both.
 */
const fixture = processingFixture();
const { clip, uploaded, rowOf, storedFile, leftInWorkDir } = fixture;

describe('processVideo', () => {
  it('gives a video its hash, size, duration and a 640x360 JPEG thumbnail, and marks it not verified', async () => {
    const file = await clip('testsrc2', 2.5);
    const id = await uploaded(file);

    expect(await processVideo({ videoId: id }, fixture.deps)).toEqual({
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

  it('refuses a text file named .mp4: NOT_A_VIDEO, still not uploaded, no thumbnail, the file removed', async () => {
    const file = path.join(fixture.fixtures, 'notes.mp4');
    await fsp.writeFile(file, 'These are my holiday notes, not a video.\n'.repeat(100));
    const id = await uploaded(file);

    expect(await processVideo({ videoId: id }, fixture.deps)).toEqual({
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
    expect(await fixture.storage.exists(`video_thumbnails/${id}.jpg`)).toBe(false);
    // The video lets go of the file, so its owner can upload a real one or withdraw it.
    expect(await fixture.storage.exists(`videos/${id}.mp4`)).toBe(false);
    const { path: stillNamed } = await fixture.database.db
      .selectFrom('videos')
      .select('path')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stillNamed).toBeNull();
    expect(await leftInWorkDir()).toEqual([]);
  });

  it('finishes a refusal that stopped after marking the video: the file goes, the video waits again', async () => {
    const file = path.join(fixture.fixtures, 'half-refused.mp4');
    await fsp.writeFile(file, 'not a video either\n');
    const id = await uploaded(file);
    await fixture.database.db
      .updateTable('videos')
      .set({ processing_error: NOT_A_VIDEO })
      .where('id', '=', id)
      .execute();

    expect(await processVideo({ videoId: id }, fixture.deps)).toEqual({
      status: 'not_uploaded',
      processingError: NOT_A_VIDEO,
    });
    expect(await fixture.storage.exists(`videos/${id}.mp4`)).toBe(false);
    expect(await processVideo({ videoId: id }, fixture.deps)).toEqual({
      status: 'not_uploaded',
      processingError: NOT_A_VIDEO,
    });
  });

  it('refuses an audio-only file and a picture, whatever they are named', async () => {
    const audio = path.join(fixture.fixtures, 'song.mp4');
    await renderTestTone(2, audio);
    const picture = path.join(fixture.fixtures, 'photo.mp4');
    await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0b7285' } })
      .jpeg()
      .toFile(picture);

    for (const file of [audio, picture]) {
      const id = await uploaded(file);
      expect(await processVideo({ videoId: id }, fixture.deps)).toEqual({
        status: 'not_uploaded',
        processingError: NOT_A_VIDEO,
      });
      expect(await fixture.storage.exists(`video_thumbnails/${id}.jpg`)).toBe(false);
    }
  });

  it('letterboxes a portrait video into the 16:9 thumbnail rather than cropping it', async () => {
    const file = path.join(fixture.fixtures, 'portrait.mp4');
    await renderTestVideo('color=c=white', 1, file, { size: '360x640', audio: false });
    const id = await uploaded(file);
    await processVideo({ videoId: id }, fixture.deps);

    const { data, info } = await sharp(await storedFile(`video_thumbnails/${id}.jpg`))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const brightness = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(brightness(20, 180)).toBeLessThan(30); // black bar at the side
    expect(brightness(320, 180)).toBeGreaterThan(220); // the white picture, whole, in the middle
    expect(brightness(320, 5)).toBeGreaterThan(220); // top to bottom: nothing cut off
  });

  it('takes the thumbnail of a file that ffmpeg cannot jump into (an AVI)', async () => {
    const file = path.join(fixture.fixtures, 'camera.avi');
    await renderTestVideo('testsrc2', 2, file, { audio: false });
    const id = await uploaded(file);

    expect((await processVideo({ videoId: id }, fixture.deps))?.status).toBe('not_verified');
    expect((await rowOf(id)).thumbnail).toBe(`video_thumbnails/${id}.jpg`);
    expect(await fixture.storage.exists(`video_thumbnails/${id}.jpg`)).toBe(true);
  });

  it('does nothing for a video that is gone', async () => {
    expect(await processVideo({ videoId: crypto.randomUUID() }, fixture.deps)).toBeNull();
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
