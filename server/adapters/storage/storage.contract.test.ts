import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeS3 } from '../../../tests/support/fake-s3-server';
import { createTestApp } from '../../../tests/support/test-app';
import { s3Storage } from './s3-storage';
import { MIN_PART_BYTES } from './s3-upload';
import { FileNotFoundError, type Storage } from './storage';

interface Fetched {
  status: number;
  header(name: string): string | undefined;
  body: Buffer;
}

/** One driver under test: its storage, and a GET of the URLs it hands out, as a browser would do it. */
interface Driver {
  storage: Storage;
  /** False for s3rver: it checks a presigned URL's key and expiry but never its V4 signature (AWS does). */
  checksSignatures: boolean;
  get(url: string, headers?: Record<string, string>): Promise<Fetched>;
  close(): Promise<void>;
}

/** Local disk inside the whole app, so signed URLs go through the real /api/files/ route. */
async function localDriver(): Promise<Driver> {
  const t = await createTestApp();
  return {
    storage: t.storage,
    checksSignatures: true,
    async get(url, headers = {}) {
      const { pathname, search } = new URL(url, t.config.publicUrl);
      const response = await t.app.inject({ method: 'GET', url: pathname + search, headers });
      return {
        status: response.statusCode,
        header: (name) => response.headers[name]?.toString(),
        body: response.rawPayload,
      };
    },
    close: () => t.close(),
  };
}

/** S3 against s3rver over real HTTP; URLs are fetched from it as a browser would. */
async function s3Driver(): Promise<Driver> {
  const server = await startFakeS3();
  // Parts of S3's least size, so the 20 MiB file and the 12 MiB stream go up as multipart uploads.
  const storage = s3Storage({ ...server.options, partBytes: MIN_PART_BYTES });
  return {
    storage,
    checksSignatures: false,
    async get(url, headers = {}) {
      const response = await fetch(url, { headers });
      return {
        status: response.status,
        header: (name) => response.headers.get(name) ?? undefined,
        body: Buffer.from(await response.arrayBuffer()),
      };
    },
    close: () => server.close(),
  };
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes `bytes` random bytes a MiB at a time (never all in memory) and returns their SHA-256. */
async function writeRandomFile(file: string, bytes: number): Promise<string> {
  const hash = crypto.createHash('sha256');
  const handle = await fs.open(file, 'w');
  for (let written = 0; written < bytes; ) {
    const chunk = crypto.randomBytes(Math.min(1024 * 1024, bytes - written));
    hash.update(chunk);
    await handle.write(chunk);
    written += chunk.length;
  }
  await handle.close();
  return hash.digest('hex');
}

/** The same URL with every signature parameter changed by one character. */
function tampered(url: string): string {
  const parsed = new URL(url, 'http://placeholder');
  for (const key of [...parsed.searchParams.keys()].filter((name) => /signature$/i.test(name))) {
    const value = parsed.searchParams.get(key) ?? '';
    parsed.searchParams.set(key, (value.startsWith('A') ? 'B' : 'A') + value.slice(1));
  }
  return parsed.origin === 'http://placeholder' ? parsed.pathname + parsed.search : parsed.href;
}

const UNSAFE_PATHS = [
  '../escape.txt',
  '/etc/passwd',
  'videos//x.mp4',
  'videos/./x.mp4',
  'videos/..',
  'a\\b',
  '',
];

describe.each([
  ['local disk', localDriver],
  ['S3 (s3rver)', s3Driver],
])('storage contract: %s', (_name, startDriver) => {
  let driver: Driver;
  let storage: Storage;
  let scratch: string;
  beforeAll(async () => {
    driver = await startDriver();
    storage = driver.storage;
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-storage-contract-'));
  });
  afterAll(async () => {
    await driver?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('puts a Buffer and reads it back, knowing it exists and its size', async () => {
    const data = crypto.randomBytes(1000);
    await storage.put('videos/buffer.bin', data, 'application/octet-stream');
    expect(await readAll(await storage.read('videos/buffer.bin'))).toEqual(data);
    expect(await storage.exists('videos/buffer.bin')).toBe(true);
    expect(await storage.size('videos/buffer.bin')).toBe(1000);
  });

  it('puts a stream of unknown length, longer than one upload part', async () => {
    const data = crypto.randomBytes(12 * 1024 * 1024 + 17);
    const chunks = function* () {
      for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
    };
    await storage.put('videos/stream.bin', Readable.from(chunks()), 'application/octet-stream');
    expect(await storage.size('videos/stream.bin')).toBe(data.length);
    expect(sha256(await readAll(await storage.read('videos/stream.bin')))).toBe(sha256(data));
  });

  it('puts an empty stream as an empty file', async () => {
    await storage.put('public/empty.txt', Readable.from([]), 'text/plain');
    expect(await storage.size('public/empty.txt')).toBe(0);
  });

  it('replaces a file that is already there', async () => {
    await storage.put('covers/replaced.jpg', Buffer.from('first version'), 'image/jpeg');
    await storage.put('covers/replaced.jpg', Buffer.from('second'), 'image/jpeg');
    expect((await readAll(await storage.read('covers/replaced.jpg'))).toString()).toBe('second');
  });

  it('moves a 20 MiB local file in byte for byte, and the local file is gone', async () => {
    const file = path.join(scratch, 'upload-20mib.mp4');
    const bytes = 20 * 1024 * 1024 + 123;
    const hash = await writeRandomFile(file, bytes);
    await storage.moveFile(file, 'videos/moved.mp4', 'video/mp4');
    await expect(fs.access(file)).rejects.toThrow();
    expect(await storage.size('videos/moved.mp4')).toBe(bytes);
    const stored = crypto.createHash('sha256');
    for await (const chunk of await storage.read('videos/moved.mp4')) stored.update(chunk as Buffer);
    expect(stored.digest('hex')).toBe(hash);
  });

  it('refuses to move a local file that does not exist', async () => {
    await expect(
      storage.moveFile(path.join(scratch, 'nothing.mp4'), 'videos/x.mp4', 'video/mp4'),
    ).rejects.toThrow(/ENOENT/);
  });

  it('reads byte ranges, both ends included, or to the end', async () => {
    await storage.put('videos/range.bin', Buffer.from('0123456789'), 'application/octet-stream');
    const range = async (start: number, end?: number) =>
      (await readAll(await storage.read('videos/range.bin', { start, end }))).toString();
    // Not 0-0: s3rver answers `bytes=0-0` with the whole file (it reads the end 0 as "none"); AWS does not.
    expect(await range(0, 1)).toBe('01');
    expect(await range(3, 7)).toBe('34567');
    expect(await range(6)).toBe('6789');
  });

  it('tells a missing file: not there, no size, and reading it fails with FileNotFoundError', async () => {
    expect(await storage.exists('videos/missing.mp4')).toBe(false);
    expect(await storage.size('videos/missing.mp4')).toBeNull();
    await expect(storage.read('videos/missing.mp4')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('deletes a file; deleting a missing one is fine', async () => {
    await storage.put('avatars/deleted.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await storage.delete('avatars/deleted.jpg');
    expect(await storage.exists('avatars/deleted.jpg')).toBe(false);
    await expect(storage.delete('avatars/deleted.jpg')).resolves.toBeUndefined();
  });

  it('gives a signed URL that reads a private file with its content type, and seeks with Range', async () => {
    const file = path.join(scratch, 'small.mp4');
    await fs.writeFile(file, 'not really a video');
    await storage.moveFile(file, 'videos/signed.mp4', 'video/mp4');
    const url = await storage.signedUrl('videos/signed.mp4', { expiresInSeconds: 60 });

    const whole = await driver.get(url);
    expect(whole.status).toBe(200);
    expect(whole.body.toString()).toBe('not really a video');
    expect(whole.header('content-type')).toBe('video/mp4');
    expect(whole.header('content-disposition')).toBeUndefined();

    const part = await driver.get(url, { range: 'bytes=4-9' });
    expect(part.status).toBe(206);
    expect(part.header('content-range')).toBe('bytes 4-9/18');
    expect(part.body.toString()).toBe('really');
  });

  it('gives a signed URL that downloads under the name asked for', async () => {
    await storage.put('signatures/v1.png', Buffer.from('png'), 'image/png');
    const url = await storage.signedUrl('signatures/v1.png', {
      expiresInSeconds: 60,
      downloadName: 'Agreement Ψ.png',
    });
    const response = await driver.get(url);
    expect(response.status).toBe(200);
    expect(response.header('content-disposition')).toBe(
      `attachment; filename="Agreement _.png"; filename*=UTF-8''Agreement%20%CE%A8.png`,
    );
  });

  it('refuses a signed URL once it has expired', async () => {
    await storage.put('videos/expiring.mp4', Buffer.from('mp4'), 'video/mp4');
    const url = await storage.signedUrl('videos/expiring.mp4', { expiresInSeconds: 60 });
    expect((await driver.get(url)).status).toBe(200);
    // Only Date is faked: the server checking the URL (the app, or s3rver in this process) sees it 61 s on.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect((await driver.get(url)).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a signed URL whose signature or path was changed', async ({ skip }) => {
    if (!driver.checksSignatures) skip('s3rver does not check V4 signatures');
    await storage.put('videos/one.mp4', Buffer.from('one'), 'video/mp4');
    await storage.put('videos/two.mp4', Buffer.from('two'), 'video/mp4');
    const url = await storage.signedUrl('videos/one.mp4', { expiresInSeconds: 60 });
    expect((await driver.get(tampered(url))).status).toBe(403);
    expect((await driver.get(url.replace('videos/one.mp4', 'videos/two.mp4'))).status).toBe(403);
  });

  it('gives public URLs of public files that work without a signature', async () => {
    // An avatar: thumbnails also answer to their video's visibility (plugins/thumbnail-guard.ts).
    await storage.put('avatars/t1.jpg', Buffer.from('avatar'), 'image/jpeg');
    const response = await driver.get(storage.publicUrl('avatars/t1.jpg'));
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('avatar');
  });

  it('refuses unsafe paths in every method', async () => {
    const local = path.join(scratch, 'never-moved.bin');
    await fs.writeFile(local, 'x');
    for (const unsafe of UNSAFE_PATHS) {
      const calls = [
        () => storage.put(unsafe, Buffer.from('x'), 'text/plain'),
        () => storage.moveFile(local, unsafe, 'text/plain'),
        () => storage.read(unsafe),
        () => storage.exists(unsafe),
        () => storage.size(unsafe),
        () => storage.delete(unsafe),
        async () => storage.publicUrl(unsafe),
        () => storage.signedUrl(unsafe, { expiresInSeconds: 60 }),
      ];
      for (const call of calls)
        await expect(call(), JSON.stringify(unsafe)).rejects.toThrow(/Unsafe storage path/);
    }
    await expect(fs.access(local)).resolves.toBeUndefined();
  });

  it('refuses signed URL lifetimes that S3 would refuse', async () => {
    for (const expiresInSeconds of [0, -1, 1.5, 7 * 24 * 3600 + 1]) {
      await expect(storage.signedUrl('videos/one.mp4', { expiresInSeconds })).rejects.toThrow(RangeError);
    }
  });
});
