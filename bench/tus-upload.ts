/**
 * Resumable upload throughput: one file through our tus endpoint on loopback (POST /api/uploads, then the
 * bytes in one PATCH, written to DATA_DIR/uploads and on finish moved into storage), against
 * `dd if=/dev/zero bs=1M conv=fdatasync` writing as much to the same disk, in one run.
 *
 *   node --import tsx bench/tus-upload.ts              1024 MB
 *   BENCH_UPLOAD_MB=256 node --import tsx bench/tus-upload.ts
 *   BENCH_DATA_DIR=/some/disk node --import tsx bench/tus-upload.ts    another disk (default: the temp dir)
 *
 * tus does not sync what it writes, so the upload is reported twice: until the server's answer, and
 * until the stored file is also synced to disk (comparable with dd's fdatasync).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Metadata } from '@tus/server';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { startBenchApp } from './bench-app';

const MEGABYTES = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const MB = 1024 * 1024;

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const rate = (s: number) => `${(MEGABYTES / s).toFixed(0)} MB/s (${s.toFixed(2)} s)`;

/** The whole server (bench-app.ts) on an in-memory database and `dataDir`, listening on loopback. */
async function startServer(dataDir: string) {
  const database = await openDatabase({ kind: 'embedded-memory' });
  await migrateToLatest(database.db);
  const server = await startBenchApp(database, dataDir);
  return {
    ...server,
    database,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** A verified uploader with a submitted video, as the upload page has them. */
async function uploaderWithVideo(server: Server) {
  const { app, config, database } = server;
  const headers = { origin: config.publicUrl };
  const credentials = { email: 'bench@example.com', password: 'secret-password' };
  await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { ...credentials, name: 'Bench' },
  });
  // A sign-up signs nobody in (it answers a taken address the same way): sign in, as the web app does.
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    payload: credentials,
  });
  const cookie = String([signIn.headers['set-cookie']].flat()[0]).split(';')[0]!;
  const userId = (signIn.json() as { user: { id: string } }).user.id;
  await database.db
    .updateTable('users')
    .set({ email_verified: true, phone_number: '+35799000001' })
    .where('id', '=', userId)
    .execute();
  const profile = await app.inject({
    method: 'PUT',
    url: '/api/me/profile',
    headers: { ...headers, cookie },
    payload: {
      username: 'bencher',
      name: 'Bench Marker',
      role: 'creator',
      bio: 'Measures things.',
      instagram: '',
      country: 'CY',
      isBusinessAccount: false,
      companyName: '',
      isPolicyAgreed: true,
      isAgeRestrictionAgreed: true,
    },
  });
  if (profile.statusCode !== 200) throw new Error(`profile: ${profile.body}`);
  const video = await database.db
    .insertInto('videos')
    .values({ user_id: userId, title: 'Bench', status: 'not_uploaded' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { cookie, videoId: video.id };
}

/**
 * The client of one request, run in its own process as a browser would be: it writes `megabytes` blocks
 * of zeros as the body, honouring backpressure, and prints the status, the Location and its seconds.
 */
const CLIENT = `
const http = require('node:http');
const [url, method, headersJson, megabytes] = process.argv.slice(1);
const start = process.hrtime.bigint();
const request = http.request(url, { method, headers: JSON.parse(headersJson) }, (response) => {
  response.resume();
  response.on('end', () => console.log(JSON.stringify({
    status: response.statusCode,
    location: response.headers.location,
    seconds: Number(process.hrtime.bigint() - start) / 1e9,
  })));
});
const block = Buffer.alloc(1024 * 1024);
let left = Number(megabytes);
const write = () => {
  while (left > 0) {
    left--;
    if (!request.write(block)) return void request.once('drain', write);
  }
  request.end();
};
write();
`;

function send(url: string, method: string, headers: Record<string, string>, megabytes: number) {
  return new Promise<{ status: number; location?: string; seconds: number }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', CLIENT, url, method, JSON.stringify(headers), String(megabytes)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (data) => {
      output += data;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`client exited ${code}`)),
    );
  });
}

/** Uploads MEGABYTES through tus; returns the seconds until the answer and until the file is on disk. */
async function tusUpload(server: Server) {
  const { cookie, videoId } = await uploaderWithVideo(server);
  const headers = { 'tus-resumable': '1.0.0', origin: server.config.publicUrl, cookie };
  const created = await send(
    `${server.base}/api/uploads`,
    'POST',
    {
      ...headers,
      'upload-length': String(MEGABYTES * MB),
      'upload-metadata': Metadata.stringify({ videoId, filename: 'bench.mp4', filetype: 'video/mp4' }),
    },
    0,
  );
  if (created.status !== 201) throw new Error(`creation answered ${created.status}`);
  const patched = await send(
    `${server.base}${created.location}`,
    'PATCH',
    {
      ...headers,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(MEGABYTES * MB),
    },
    MEGABYTES,
  );
  if (patched.status !== 204) throw new Error(`upload answered ${patched.status}`);
  const start = process.hrtime.bigint();
  const stored = await fs.open(path.join(server.config.storage.localDir, `videos/${videoId}.mp4`), 'r+');
  await stored.datasync();
  await stored.close();
  return { answered: patched.seconds, synced: patched.seconds + seconds(start) };
}

/** dd writing MEGABYTES of zeros to `target`, synced before it exits. */
function ddWrite(target: string) {
  const start = process.hrtime.bigint();
  const dd = spawnSync(
    'dd',
    ['if=/dev/zero', `of=${target}`, 'bs=1M', `count=${MEGABYTES}`, 'conv=fdatasync'],
    {
      stdio: 'ignore',
    },
  );
  if (dd.status !== 0) throw new Error('dd failed');
  return seconds(start);
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(process.env.BENCH_DATA_DIR ?? os.tmpdir(), 'clipmarket-bench-'));
  try {
    const ddFile = path.join(dataDir, 'dd.bin');
    const dd = ddWrite(ddFile);
    await fs.rm(ddFile);
    spawnSync('sync');

    const server = await startServer(dataDir);
    const tus = await tusUpload(server).finally(() => server.close());

    console.log(`${MEGABYTES} MB, written to ${process.env.BENCH_DATA_DIR ?? 'the temp directory'}`);
    console.log(`  dd (fdatasync)            ${rate(dd)}`);
    console.log(
      `  tus, until answered       ${rate(tus.answered)}   ratio to dd ${(dd / tus.answered).toFixed(2)}`,
    );
    console.log(
      `  tus, until synced         ${rate(tus.synced)}   ratio to dd ${(dd / tus.synced).toFixed(2)}`,
    );
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
