import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { addMultipartListing } from './s3rver-multipart';

/** Credentials s3rver accepts (it has one built-in account). */
export const FAKE_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * A real S3-compatible HTTP server for tests (s3rver), on 127.0.0.1 at a free port, keeping objects in a
 * temporary directory, with one empty bucket. Test support only: s3rver is a dev dependency. It answers
 * the multipart listings tus's S3 store asks for, which s3rver lacks (s3rver-multipart.ts).
 */
export async function startFakeS3(bucket = 'clipmarket-test') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  addMultipartListing(server, directory);
  const { port } = await server.run();
  /** What the S3 driver needs to reach this server: `s3Storage({ ...fake.options })`. */
  const options = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    ...FAKE_S3_CREDENTIALS,
  };
  return {
    ...options,
    options,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
