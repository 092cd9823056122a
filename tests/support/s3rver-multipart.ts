import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The three multipart operations tus's S3 store needs and s3rver lacks: ListParts (how much of an upload
 * is there, asked by every HEAD and PATCH), AbortMultipartUpload and ListMultipartUploads (the clean-up
 * of expired uploads). They read s3rver's own files, as its UploadPart and CompleteMultipartUpload write
 * them: `<directory>/<bucket>/._S3rver_uploads/<uploadId>/{key, <partNumber>, <partNumber>.md5}`.
 * Test support only; no authentication, no paging (a test's upload has a handful of parts).
 */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const uploadsOf = (directory: string, bucket: string) => path.join(directory, bucket, '._S3rver_uploads');

function noSuchUpload(ctx: KoaContext, uploadId: string) {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`;
}

async function listParts(ctx: KoaContext, bucket: string, key: string, uploadDir: string, uploadId: string) {
  const names = (await fs.readdir(uploadDir)).filter((name) => /^\d+$/.test(name));
  const parts = await Promise.all(
    names.map(async (name) => {
      const file = path.join(uploadDir, name);
      const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, 'utf8')]);
      return {
        PartNumber: Number(name),
        LastModified: stat.mtime.toISOString(),
        ETag: `"${md5}"`,
        Size: stat.size,
      };
    }),
  );
  parts.sort((a, b) => a.PartNumber - b.PartNumber);
  ctx.body = {
    ListPartsResult: {
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      PartNumberMarker: 0,
      NextPartNumberMarker: parts.at(-1)?.PartNumber ?? 0,
      MaxParts: 10_000,
      IsTruncated: false,
      ...(parts.length > 0 && { Part: parts }),
    },
  };
}

async function listUploads(ctx: KoaContext, directory: string, bucket: string) {
  const root = uploadsOf(directory, bucket);
  const ids = await fs.readdir(root).catch(() => [] as string[]);
  const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
  const uploads = await Promise.all(
    ids.map(async (id) => {
      const dir = path.join(root, id);
      const [key, stat] = await Promise.all([fs.readFile(path.join(dir, 'key'), 'utf8'), fs.stat(dir)]);
      return { Key: key, UploadId: id, Initiated: stat.birthtime.toISOString() };
    }),
  );
  const matching = uploads.filter((upload) => upload.Key.startsWith(prefix));
  ctx.body = {
    ListMultipartUploadsResult: {
      Bucket: bucket,
      KeyMarker: '',
      UploadIdMarker: '',
      MaxUploads: 1000,
      IsTruncated: false,
      ...(matching.length > 0 && { Upload: matching }),
    },
  };
}

/** A Koa middleware answering those operations before s3rver's router (which would refuse them). */
export function multipartListing(directory: string): Middleware {
  return async (ctx, next) => {
    const [bucket = '', ...keyParts] = ctx.path.slice(1).split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (bucket && !key && ctx.method === 'GET' && 'uploads' in ctx.query)
      return listUploads(ctx, directory, bucket);
    const listing = ctx.method === 'GET' && !('partNumber' in ctx.query);
    if (!bucket || !key || !uploadId || !(listing || ctx.method === 'DELETE')) return next();
    const uploadDir = path.join(uploadsOf(directory, bucket), path.basename(uploadId));
    const stored = await fs.readFile(path.join(uploadDir, 'key'), 'utf8').catch(() => undefined);
    if (stored !== key) return noSuchUpload(ctx, uploadId);
    if (listing) return listParts(ctx, bucket, key, uploadDir, uploadId);
    await fs.rm(uploadDir, { recursive: true, force: true });
    ctx.status = 204;
  };
}

/**
 * Puts the middleware into an s3rver (a Koa application) before it listens: after its XML encoder, which
 * turns the answers' objects into S3's XML, and before its router.
 */
export function addMultipartListing(server: object, directory: string): void {
  const { middleware } = server as { middleware: Middleware[] };
  middleware.splice(middleware.length - 1, 0, multipartListing(directory));
}
