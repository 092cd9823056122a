/**
 * The interrupted upload of scripts/two-instances.ts, in raw HTTP through nginx (as
 * tests/e2e/upload-crash.spec.ts sends it to one server): a creator's tus upload, the instance taking a
 * chunk stopped in the middle of it (SIGTERM, then SIGKILL), and the upload resumed through nginx, which
 * now reaches the other instance; the stored file is then byte for byte the source.
 */
import crypto from 'node:crypto';
import https from 'node:https';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { pngDataUrl } from '../tests/support/images';
import { submissionValues } from '../tests/support/valid-bodies';
import type { Instance } from './two-instances-stack';

const MB = 1024 * 1024;
/** The web app's chunk (web/lib/uploads.ts); nginx takes up to 16 MiB. */
const CHUNK = 8 * MB;
export const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Requests to nginx's TLS port, trusting the run's certificate (and nothing else). */
export function httpsClient(origin: string, ca: string) {
  /** Sends one request; `body` may be a function that writes it (slowly, say) and ends it. */
  const open = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Buffer | ((request: import('node:http').ClientRequest) => void),
  ) => {
    const request = https.request(new URL(path, origin), { method, headers, ca });
    const answer = new Promise<Answer>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
    });
    if (typeof body === 'function') body(request);
    else request.end(body);
    return { request, answer };
  };
  return {
    origin,
    open,
    send: (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
      open(method, path, headers, body).answer,
  };
}
type Client = ReturnType<typeof httpsClient>;

/** A demo member's session cookie, signed in through nginx. */
export async function signIn(client: Client, email: string, password: string): Promise<string> {
  const answer = await client.send(
    'POST',
    '/api/auth/sign-in/email',
    { origin: client.origin, 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ email, password })),
  );
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

const tus = (client: Client, cookie: string) => ({
  'tus-resumable': '1.0.0',
  origin: client.origin,
  cookie,
});

/** A submitted video waiting for its file, and a tus upload of `length` bytes for it. */
async function videoWithUpload(client: Client, cookie: string, length: number) {
  const json = { origin: client.origin, cookie, 'content-type': 'application/json' };
  const body = Buffer.from(JSON.stringify(submissionValues(await pngDataUrl())));
  const created = await client.send('POST', '/api/videos', json, body);
  if (created.status !== 201)
    throw new Error(`creating the video answered ${created.status}: ${created.body}`);
  const { id: videoId } = JSON.parse(created.body.toString()) as { id: string };
  const metadata = [
    `videoId ${Buffer.from(videoId).toString('base64')}`,
    `filename ${Buffer.from('interrupted.mp4').toString('base64')}`,
    `filetype ${Buffer.from('video/mp4').toString('base64')}`,
  ].join(',');
  const creation = await client.send('POST', '/api/uploads', {
    ...tus(client, cookie),
    'upload-length': String(length),
    'upload-metadata': metadata,
  });
  if (creation.status !== 201) throw new Error(`creating the upload answered ${creation.status}`);
  return { videoId, uploadPath: String(creation.headers.location) };
}

const patchHeaders = (client: Client, cookie: string, offset: number) => ({
  ...tus(client, cookie),
  'upload-offset': String(offset),
  'content-type': 'application/offset+octet-stream',
});

/** How many PATCH requests of this upload each instance has logged (Fastify's "incoming request"). */
const patchesSeen = (instances: Instance[], uploadPath: string) =>
  instances.map(
    (instance) =>
      instance
        .output()
        .split('\n')
        .filter((line) => line.includes('"method":"PATCH"') && line.includes(`"url":"${uploadPath}"`)).length,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stored original, read from the bucket as soon as the processing job has put it there. */
async function storedObject(s3: S3Options, key: string, timeoutMs: number): Promise<Buffer> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${key} never reached the bucket: ${error}`);
      await sleep(500);
    }
  }
}

export interface S3Options {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Uploads `source` through nginx: the first 8 MiB whole, then the rest slowly; once an instance has the
 * second chunk, that instance is stopped (SIGTERM, SIGKILL after 3 s), and the upload resumes through
 * nginx from the offset the other instance reports. Resolves with what the bucket stored.
 */
export async function interruptedUpload(options: {
  client: Client;
  cookie: string;
  instances: Instance[];
  source: Buffer;
  s3: S3Options;
  say: (line: string) => void;
}) {
  const { client, cookie, instances, source, say } = options;
  const { videoId, uploadPath } = await videoWithUpload(client, cookie, source.length);
  /** The bytes from `from` to `to` in chunks, one after the other, as the web app sends them. */
  const sendChunks = async (from: number, to: number) => {
    for (let at = from; at < to; at += CHUNK) {
      const chunk = source.subarray(at, Math.min(at + CHUNK, to));
      const answer = await client.send('PATCH', uploadPath, patchHeaders(client, cookie, at), chunk);
      if (answer.status !== 204)
        throw new Error(`the chunk at ${at} answered ${answer.status}: ${answer.body}`);
    }
  };
  await sendChunks(0, CHUNK);
  const before = patchesSeen(instances, uploadPath);
  const sent = 3 * MB;
  // The second chunk announced whole and sent in part: the rest never comes (its instance dies first).
  const second = client.open(
    'PATCH',
    uploadPath,
    { ...patchHeaders(client, cookie, CHUNK), 'content-length': String(CHUNK) },
    (request) => request.write(source.subarray(CHUNK, CHUNK + sent)),
  );
  const secondEnded = second.answer.then(
    (answer) => `answered ${answer.status}`,
    (error: Error) => `failed (${error.message})`,
  );
  let holder = -1;
  for (let tries = 0; holder < 0; tries++) {
    if (tries > 200) throw new Error('no instance logged the second chunk');
    await sleep(50);
    holder = patchesSeen(instances, uploadPath).findIndex((count, index) => count > before[index]!);
  }
  await sleep(1000); // its first bytes are on their way
  const victim = instances[holder]!;
  say(`the second chunk streams to instance ${victim.name} (${victim.address}): stopping it`);
  say(`instance ${victim.name}: ${await victim.stop(3000)}`);
  second.request.destroy();
  say(`the interrupted chunk ${await secondEnded}`);

  const head = await client.send('HEAD', uploadPath, tus(client, cookie));
  const offset = Number(head.headers['upload-offset']);
  if (head.status !== 200 || !(offset >= CHUNK && offset <= CHUNK + sent))
    throw new Error(`HEAD after the stop answered ${head.status} at offset ${offset}`);
  say(`the other instance reports offset ${offset} (${(offset / MB).toFixed(2)} MiB); resuming from there`);
  await sendChunks(offset, source.length);
  return { videoId, stored: await storedObject(options.s3, `videos/${videoId}.mp4`, 60_000) };
}
