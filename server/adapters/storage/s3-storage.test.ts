import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeS3 } from '../../../tests/support/fake-s3-server';
import { loadConfig } from '../../config';
import { s3Storage } from './s3-storage';
import { MIN_PART_BYTES } from './s3-upload';
import { createStorage } from './storage-factory';

describe('S3 public URLs', () => {
  it('are path-style under a configured endpoint', () => {
    const storage = s3Storage({
      bucket: 'clips',
      region: 'eu-central-1',
      endpoint: 'https://minio.example.com/',
    });
    expect(storage.publicUrl('avatars/u1.jpg')).toBe('https://minio.example.com/clips/avatars/u1.jpg');
  });

  it("are AWS's virtual-hosted URLs without one", () => {
    const storage = s3Storage({ bucket: 'clips', region: 'eu-central-1' });
    expect(storage.publicUrl('avatars/u1.jpg')).toBe(
      'https://clips.s3.eu-central-1.amazonaws.com/avatars/u1.jpg',
    );
  });
});

describe('createStorage', () => {
  it('picks local disk by default and S3 when STORAGE_DRIVER=s3', async () => {
    const local = await createStorage(loadConfig({}), { secret: 'x'.repeat(32) });
    expect(local.publicUrl('avatars/u1.jpg')).toBe('/files/avatars/u1.jpg');
    const s3 = await createStorage(
      loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'clips', S3_ENDPOINT: 'http://127.0.0.1:9000' }),
      { secret: 'x'.repeat(32) },
    );
    expect(s3.publicUrl('avatars/u1.jpg')).toBe('http://127.0.0.1:9000/clips/avatars/u1.jpg');
  });
});

describe('S3 uploads against s3rver', () => {
  let server: Awaited<ReturnType<typeof startFakeS3>>;
  let storage: ReturnType<typeof s3Storage>;
  beforeAll(async () => {
    server = await startFakeS3();
    storage = s3Storage({ ...server.options, partBytes: MIN_PART_BYTES });
  });
  afterAll(() => server?.close());
  afterEach(() => vi.restoreAllMocks());

  /** The S3 commands sent while `work` runs (the calls still go through), and what it failed with. */
  async function commandsSentBy(work: () => Promise<unknown>) {
    const send = vi.spyOn(S3Client.prototype, 'send');
    const error = await work().then(
      () => undefined,
      (failure: Error) => failure,
    );
    return { sent: send.mock.calls.map(([command]) => command.constructor.name), error };
  }

  it('sends a small stream as one PUT', async () => {
    const { sent } = await commandsSentBy(() =>
      storage.put('public/small.txt', Readable.from(['hello']), 'text/plain'),
    );
    expect(sent).toEqual(['PutObjectCommand']);
  });

  it('sends a long stream as a multipart upload, in parts of the configured size', async () => {
    const part = Buffer.alloc(MIN_PART_BYTES, 1);
    const { sent } = await commandsSentBy(() =>
      storage.put('videos/long.bin', Readable.from([part, part, Buffer.from('tail')]), 'video/mp4'),
    );
    expect(sent).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(await storage.size('videos/long.bin')).toBe(2 * MIN_PART_BYTES + 4);
  });

  it('aborts the multipart upload when the source fails, and stores nothing', async () => {
    const failing = async function* () {
      yield Buffer.alloc(MIN_PART_BYTES);
      yield Buffer.alloc(MIN_PART_BYTES);
      throw new Error('the upload broke off');
    };
    const { sent, error } = await commandsSentBy(() =>
      storage.put('videos/broken.bin', Readable.from(failing()), 'video/mp4'),
    );
    expect(error?.message).toBe('the upload broke off');
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
    expect(await storage.exists('videos/broken.bin')).toBe(false);
  });
});
