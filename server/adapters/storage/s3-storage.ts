import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './content-disposition';
import { partSizeFor, uploadInParts } from './s3-upload';
import { assertSafePath, assertSignedUrlLifetime, FileNotFoundError, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, s3rver ...); unset means AWS. Set, requests are path-style. */
  endpoint?: string;
  /** Unset: the SDK's usual chain (environment, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Size of the parts of big uploads; 16 MiB by default (512 parts for an 8 GB video), at least 5 MiB. */
  partBytes?: number;
  /** The time presigned URLs count from. */
  now?: () => Date;
}

/**
 * Files as objects in one bucket, keyed by their storage path. Public prefixes need a bucket policy that
 * lets anyone GET them (objects get no ACLs: new AWS buckets refuse ACLs); everything else is read through
 * presigned URLs.
 */
export function s3Storage(options: S3StorageOptions): Storage {
  const Bucket = options.bucket;
  const partBytes = partSizeFor(0, options.partBytes ?? 16 * 1024 * 1024);
  const now = options.now ?? (() => new Date());
  const s3 = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Since 2025 the SDK sends streamed bodies as aws-chunked with a trailing checksum; S3-compatible
    // servers that do not know that encoding (s3rver, older MinIO and Ceph) store the chunk framing as
    // the file's bytes, silently. Checksums only where an API demands them: TLS guards the transfer.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = options.endpoint
    ? `${options.endpoint.replace(/\/+$/, '')}/${Bucket}`
    : `https://${Bucket}.s3.${options.region}.amazonaws.com`;
  const key = (path: string) => {
    assertSafePath(path);
    return path;
  };
  const head = async (path: string) => {
    try {
      return await s3.send(new HeadObjectCommand({ Bucket, Key: key(path) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    async put(path, data, contentType) {
      const target = { Bucket, Key: key(path), ContentType: contentType };
      if (Buffer.isBuffer(data)) {
        await s3.send(new PutObjectCommand({ ...target, Body: data, ContentLength: data.length }));
      } else {
        await uploadInParts(s3, target, data, { partBytes });
      }
    },
    async moveFile(localPath, path, contentType) {
      const target = { Bucket, Key: key(path), ContentType: contentType };
      const { size } = await fsp.stat(localPath);
      await uploadInParts(s3, target, fs.createReadStream(localPath, { highWaterMark: 1024 * 1024 }), {
        partBytes: partSizeFor(size, partBytes),
      });
      await fsp.rm(localPath, { force: true });
    },
    async read(path, range) {
      try {
        const { Body } = await s3.send(
          new GetObjectCommand({
            Bucket,
            Key: key(path),
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        return Body as Readable; // in Node the SDK's body is an http.IncomingMessage
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(path);
        throw error;
      }
    },
    async exists(path) {
      return (await head(path)) !== null;
    },
    async size(path) {
      return (await head(path))?.ContentLength ?? null;
    },
    async delete(path) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key(path) }));
    },
    /** Path-style under the endpoint when one is set (`<endpoint>/<bucket>/<path>`), else AWS's virtual host. */
    publicUrl(path) {
      return `${publicBase}/${key(path)}`;
    },
    async signedUrl(path, { expiresInSeconds, downloadName }) {
      assertSignedUrlLifetime(expiresInSeconds);
      const command = new GetObjectCommand({
        Bucket,
        Key: key(path),
        ResponseContentDisposition: downloadName ? attachmentDisposition(downloadName) : undefined,
      });
      // With temporary credentials (a role) the URL also dies with the session, possibly sooner.
      return getSignedUrl(s3, command, { expiresIn: expiresInSeconds, signingDate: now() });
    },
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}
