import { execFile } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMetadataOf } from '../../../common/capture-metadata';
import { readMp4Tags } from '../../../common/mp4-tags';
import { NO_CAPTURE } from '../../../tests/support/capture-metadata';
import { readCaptureMetadata } from './capture-metadata';
import { ffmpegPath, generated, QUIETLY } from './ffmpeg';
import { renderPreview } from './preview-render';
import { watermarkPng } from './watermark';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'capture-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/**
 * A one-second clip with the given tags, written as a phone writes them: QuickTime's keys (`mdta`), and
 * no encoder tag of ffmpeg's own, as a camera original has none.
 */
async function clip(name: string, tags: Record<string, string>): Promise<string> {
  const file = path.join(dir, name);
  const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  await run(ffmpegPath, [
    ...QUIETLY,
    ...generated('testsrc=size=320x240:rate=25'),
    ...['-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-fflags', '+bitexact'],
    ...['-flags:v', '+bitexact', '-movflags', 'use_metadata_tags', ...metadata, file],
  ]);
  return file;
}

describe('reading what a file says of its filming', () => {
  it("reads an iPhone's QuickTime tags: the time in its zone, the place, the phone and its software", async () => {
    const file = await clip('iphone.mov', {
      'com.apple.quicktime.creationdate': '2026-11-20T14:03:11+0200',
      'com.apple.quicktime.location.ISO6709': '+34.6786+033.0413+012.345/',
      'com.apple.quicktime.make': 'Apple',
      'com.apple.quicktime.model': 'iPhone 15 Pro',
      'com.apple.quicktime.software': '17.1',
    });
    expect(await readCaptureMetadata(file)).toEqual({
      capturedAt: '2026-11-20T12:03:11.000Z',
      capturedOffset: '+02:00',
      location: { lat: 34.6786, lng: 33.0413, altitudeMetres: 12.345 },
      device: 'Apple iPhone 15 Pro',
      software: '17.1',
      encoder: null,
      editedWith: null,
    });
  });

  it("reads an Android phone's tags: the UTC time, the place, the maker, model and version", async () => {
    const file = await clip('android.mp4', {
      creation_time: '2026-11-20T12:03:11.000000Z',
      location: '-33.8688+151.2093/',
      'com.android.manufacturer': 'samsung',
      'com.android.model': 'SM-S918B',
      'com.android.version': '14',
    });
    expect(await readCaptureMetadata(file)).toEqual({
      ...NO_CAPTURE,
      capturedAt: '2026-11-20T12:03:11.000Z',
      location: { lat: -33.8688, lng: 151.2093, altitudeMetres: null },
      device: 'samsung SM-S918B',
      software: 'Android 14',
    });
  });

  it('says nothing for a file without tags', async () => {
    expect(await readCaptureMetadata(await clip('bare.mp4', {}))).toEqual(NO_CAPTURE);
  });

  it('names the converter that re-encoded a file, from its encoder tag', async () => {
    const file = path.join(dir, 'converted.mp4');
    await run(ffmpegPath, [
      ...QUIETLY,
      ...['-i', await clip('source.mp4', { creation_time: '2026-11-20T12:03:11Z' })],
      ...['-c:v', 'libx264', '-b:v', '200k', file],
    ]);
    const facts = await readCaptureMetadata(file);
    expect(facts.encoder).toMatch(/^Lavf\d/);
    expect(facts.editedWith).toBe('FFmpeg');
  });

  it("leaves none of the original's tags in its preview: no place, no device, no time", async () => {
    const original = await clip('tagged.mov', {
      'com.apple.quicktime.creationdate': '2026-11-20T14:03:11+0200',
      'com.apple.quicktime.location.ISO6709': '+34.6786+033.0413+012.345/',
      'com.apple.quicktime.model': 'iPhone 15 Pro',
      location: '+34.6786+033.0413/',
    });
    const watermarkFile = path.join(dir, 'watermark.png');
    await fs.writeFile(watermarkFile, await watermarkPng('Clipmarket', 320, 240));
    const preview = path.join(dir, 'preview.mp4');
    const size = { width: 320, height: 240 };
    expect(
      await renderPreview(original, preview, { size, watermarkFile, nice: false, timeoutMs: 60_000 }),
    ).toBe(true);
    const facts = await readCaptureMetadata(preview);
    expect({ ...facts, encoder: null, editedWith: null }).toEqual(NO_CAPTURE);
  });
});

describe("the submission form's reading in the browser", () => {
  const IPHONE_TAGS = {
    'com.apple.quicktime.creationdate': '2026-11-20T14:03:11+0200',
    'com.apple.quicktime.location.ISO6709': '+34.6786+033.0413+012.345/',
    'com.apple.quicktime.make': 'Apple',
    'com.apple.quicktime.model': 'iPhone 15 Pro',
    'com.apple.quicktime.software': '17.1',
  };
  const inBrowser = async (file: string) => captureMetadataOf(await readMp4Tags(await openAsBlob(file)), {});

  it('finds in the file what ffprobe finds, wherever the movie box lies and however the tags are kept', async () => {
    const phone = await clip('phone-movie-last.mov', IPHONE_TAGS);
    const android = await clip('android-keys.mp4', {
      creation_time: '2026-11-20T12:03:11.000000Z',
      'com.android.manufacturer': 'samsung',
      'com.android.model': 'SM-S918B',
      'com.android.version': '14',
    });
    // The movie box first (as a site or an editor writes it), and the user data's place (3GPP's box) with
    // an encoder tag, as FFmpeg writes them into an MP4 without QuickTime's keys; a place south and west
    // of zero degrees, with a height.
    const movieFirst = path.join(dir, 'phone-movie-first.mov');
    const userData = path.join(dir, 'user-data.mp4');
    // QuickTime's own user data text ('©xyz'), as Android's recorder writes the place.
    const userText = path.join(dir, 'user-text.mov');
    for (const [file, args] of [
      [movieFirst, ['-c', 'copy', '-map_metadata', '0', '-movflags', 'use_metadata_tags+faststart']],
      [userData, ['-c', 'copy', '-metadata', 'location=-05.5000-023.7275+120.5/', '-movflags', 'faststart']],
      [userText, ['-c', 'copy', '-metadata', 'location=+34.6786+033.0413/']],
    ] as const) {
      await run(ffmpegPath, [...QUIETLY, '-i', phone, ...args, file]);
    }

    expect(await inBrowser(phone)).toMatchObject({ capturedOffset: '+02:00', device: 'Apple iPhone 15 Pro' });
    expect(await inBrowser(userData)).toMatchObject({
      location: { lat: -5.5, lng: -23.7275, altitudeMetres: 120.5 },
    });
    expect((await inBrowser(userData)).editedWith).toBe('FFmpeg');
    expect((await inBrowser(userText)).location).toEqual({
      lat: 34.6786,
      lng: 33.0413,
      altitudeMetres: null,
    });
    for (const file of [phone, android, movieFirst, userData, userText]) {
      expect(await inBrowser(file), path.basename(file)).toEqual(await readCaptureMetadata(file));
    }
  });

  it('says nothing of a file that is no MP4 or QuickTime one, nor of a damaged one', async () => {
    const webm = path.join(dir, 'clip.webm');
    await run(ffmpegPath, [...QUIETLY, ...generated('testsrc=size=160x120:rate=10'), '-t', '1', webm]);
    expect(await readMp4Tags(await openAsBlob(webm))).toEqual({});
    const cut = path.join(dir, 'cut.mov');
    const whole = await fs.readFile(await clip('whole.mov', IPHONE_TAGS));
    await fs.writeFile(cut, whole.subarray(0, whole.length - 200));
    expect(await readMp4Tags(await openAsBlob(cut))).toEqual({});
  });
});

describe('what the tags mean', () => {
  it('takes ISO 6709 in degrees and minutes, and refuses what is not a place', () => {
    const at = (location: string) => captureMetadataOf({ location }, {}).location;
    expect(at('+4041.8-07400.5/')).toEqual({
      lat: 40 + 41.8 / 60,
      lng: -(74 + 0.5 / 60),
      altitudeMetres: null,
    });
    expect(at('+404130-0740030/')?.lat).toBeCloseTo(40.6917, 4);
    expect(at('+00.0000+000.0000/')).toBeNull(); // what a phone without a fix writes
    expect(at('+95.0000+010.0000/')).toBeNull();
    expect(at('somewhere')).toBeNull();
  });

  it("ignores a clock's zero (1904, 1970) and reads a stream's time when the container has none", () => {
    expect(captureMetadataOf({ creation_time: '1904-01-01T00:00:00.000000Z' }, {}).capturedAt).toBeNull();
    expect(captureMetadataOf({ creation_time: '1970-01-01T00:00:00Z' }, {}).capturedAt).toBeNull();
    expect(captureMetadataOf({}, { creation_time: '2025-06-01T08:00:00.000000Z' }).capturedAt).toBe(
      '2025-06-01T08:00:00.000Z',
    );
  });

  it('does not repeat a maker the model already names, and knows editing software by its tag', () => {
    expect(captureMetadataOf({ make: 'GoPro', model: 'GoPro HERO12 Black' }, {}).device).toBe(
      'GoPro HERO12 Black',
    );
    expect(captureMetadataOf({ encoder: 'Adobe Premiere Pro 2024' }, {}).editedWith).toBe('Adobe Premiere');
    expect(captureMetadataOf({ encoder: 'DJI AVC encoder' }, {})).toMatchObject({
      encoder: 'DJI AVC encoder',
      editedWith: null,
    });
  });
});
