import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';

/** S3 refuses parts under 5 MiB (except the last) and more than 10,000 parts. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;

export interface UploadTarget {
  Bucket: string;
  Key: string;
  ContentType: string;
}

/**
 * Uploads a stream of bytes of unknown length (@aws-sdk/lib-storage is not installed, so this is its
 * small cousin). One part becomes an ordinary PUT; more become a multipart upload with a few parts in
 * flight, which is also the only way past S3's 5 GB limit on one PUT. Parts are Buffers, so the SDK can
 * retry a failed part; memory stays at about `partBytes * concurrency`.
 */
export async function uploadInParts(
  s3: S3Client,
  target: UploadTarget,
  source: AsyncIterable<Buffer | string>,
  options: { partBytes: number; concurrency?: number },
): Promise<void> {
  const parts = inParts(source, options.partBytes)[Symbol.asyncIterator]();
  const first = await parts.next();
  const second = first.done ? first : await parts.next();
  if (second.done) {
    const body = first.done ? Buffer.alloc(0) : first.value;
    await s3.send(new PutObjectCommand({ ...target, Body: body, ContentLength: body.length }));
    return;
  }

  const { UploadId } = await s3.send(new CreateMultipartUploadCommand(target));
  const { Bucket, Key } = target;
  const waiting = [first.value, second.value];
  let partNumber = 0;
  let failed = false;
  // Parts are taken one at a time, in order, so each gets its number before the next is read.
  let queue: Promise<{ body: Buffer; number: number } | null> = Promise.resolve(null);
  const take = () => {
    queue = queue.then(async () => {
      if (failed) return null;
      const next = waiting.shift() ?? (await parts.next()).value;
      if (!next) return null;
      if (++partNumber > MAX_PARTS) throw new Error(`More than ${MAX_PARTS} parts: raise the part size`);
      return { body: next, number: partNumber };
    });
    return queue;
  };
  const uploaded: CompletedPart[] = [];
  const worker = async () => {
    for (let part = await take(); part; part = await take()) {
      const { ETag } = await s3.send(
        new UploadPartCommand({
          Bucket,
          Key,
          UploadId,
          PartNumber: part.number,
          Body: part.body,
          ContentLength: part.body.length,
        }),
      );
      uploaded.push({ PartNumber: part.number, ETag });
    }
  };

  try {
    // Every worker settles before an abort, so no part lands after it.
    const workers = await Promise.allSettled(
      Array.from({ length: options.concurrency ?? 4 }, () =>
        worker().catch((error) => {
          failed = true;
          throw error;
        }),
      ),
    );
    const failure = workers.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    uploaded.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
    await s3.send(
      new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: uploaded } }),
    );
  } catch (error) {
    failed = true;
    await parts.return?.(undefined).catch(() => {}); // closes the source (a file stays open otherwise)
    // Best effort: stored parts cost money until aborted (a bucket lifecycle rule catches what this misses).
    await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
    throw error;
  }
}

/** Re-cuts a stream of chunks into Buffers of exactly `size` bytes (the last may be shorter). */
export async function* inParts(source: AsyncIterable<Buffer | string>, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (length + rest.length >= size) {
      const room = size - length;
      chunks.push(rest.subarray(0, room));
      yield Buffer.concat(chunks);
      chunks = [];
      length = 0;
      rest = rest.subarray(room);
    }
    if (rest.length > 0) {
      chunks.push(rest);
      length += rest.length;
    }
  }
  if (length > 0) yield Buffer.concat(chunks);
}

/** A part size that keeps a file of `totalBytes` within S3's 10,000 parts. */
export function partSizeFor(totalBytes: number, preferredBytes: number): number {
  return Math.max(preferredBytes, MIN_PART_BYTES, Math.ceil(totalBytes / MAX_PARTS));
}
