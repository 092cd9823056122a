/**
 * Proves docs/deployment.md on this machine: two app instances from the build, on one PostgreSQL
 * database and one S3 bucket, behind nginx running the guide's own configuration (deploy/nginx.conf).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/two-instances.ts
 *
 * Needs the build (`npm run build`), nginx on the PATH and Chromium; `npm test` runs it after the build
 * when TEST_DATABASE_URL is set and nginx is there. Steps, as the guide deploys:
 * 1. a new database on TEST_DATABASE_URL's server (dropped at the end) and a bucket (s3rver);
 * 2. migrations once (`npm run db:migrate`), then instance A (which seeds the demo data: SEED_DEMO_DATA
 *    seeds an empty database, so one instance only) and instance B, with NODE_ENV=production;
 * 3. nginx in front, on TLS with a certificate made for the run, so PUBLIC_URL is https as production
 *    demands (no production check is loosened: the payments are the sandbox's, which production allows
 *    only with ALLOW_SANDBOX_PAYMENTS=true, as a staging site sets it);
 * 4. in Chromium, through nginx only: a creator's upload in several chunks that reach both instances,
 *    the live notices, staff approval, a buyer's sandbox payment and download (SHA-256 of the source);
 * 5. in raw HTTP through nginx: an upload whose instance is stopped mid-chunk (SIGTERM, SIGKILL 3 s
 *    later) and resumed through the other; the bucket's file has the source's SHA-256.
 * Prints each step; exits non-zero on a failure; stops everything it started and removes its files.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { chromium } from '@playwright/test';
import { freePort } from '../tests/e2e/app-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { startFakeS3 } from '../tests/support/fake-s3-server';
import { browserJourney } from './two-instances-journey';
import { httpsClient, interruptedUpload, sha256, signIn } from './two-instances-resume';
import {
  createDatabase,
  type Instance,
  makeCertificate,
  runToEnd,
  startInstance,
  startNginx,
} from './two-instances-stack';

const started = Date.now();
const say = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const cleanups: { name: string; run: () => Promise<unknown> }[] = [];
const instances: Instance[] = [];
let nginxLog = '';

/** Two seconds of noise (it does not compress): about 21 MB, so the browser sends three chunks. */
async function renderSource(file: string) {
  await promisify(execFile)(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'nullsrc=s=800x450:r=25,geq=random(1)*255:128:128', '-t', '2'],
    ...['-c:v', 'mpeg4', '-q:v', '2', '-pix_fmt', 'yuv420p', file],
  ]);
  const bytes = await fs.readFile(file);
  return { path: file, bytes, sha: sha256(bytes) };
}

/** The production settings both instances share (docs/deployment.md), pointed at this run's services. */
function productionEnvironment(
  databaseUrl: string,
  origin: string,
  s3: Awaited<ReturnType<typeof startFakeS3>>,
) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: origin,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    // Only nginx, on this machine, reaches the instances: it is the one proxy believed.
    TRUST_PROXY: 'loopback',
    TV_HOSTNAMES: 'tv.localhost',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    LOG_LEVEL: 'info',
  };
}

/** nginx answers as the guide says: HTTP sends to HTTPS, the TV hostname gets the TV API and the site does not. */
async function checkNginx(client: ReturnType<typeof httpsClient>, httpPort: number) {
  const plain = await fetch(`http://127.0.0.1:${httpPort}/videos`, { redirect: 'manual' });
  const location = plain.headers.get('location') ?? '';
  if (plain.status !== 301 || !location.startsWith('https://'))
    throw new Error(`http answered ${plain.status}`);
  const ready = await client.send('GET', '/readyz', {});
  if (ready.status !== 200) throw new Error(`/readyz through nginx answered ${ready.status}: ${ready.body}`);
  const tv = await client.send('GET', '/api/tv/config', { host: 'tv.localhost' });
  const site = await client.send('GET', '/api/tv/config', {});
  if (tv.status !== 200 || site.status !== 404)
    throw new Error(
      `/api/tv/config answered ${tv.status} on the TV hostname and ${site.status} on the site's`,
    );
  say(
    'nginx: http redirects to https, /readyz is 200, the TV hostname reaches the TV API (the site gets 404)',
  );
}

/** Which instance took each of the browser upload's chunks, from nginx's access log. */
async function chunkInstances(accessLog: () => Promise<string>): Promise<string[]> {
  const names = new Map(instances.map((instance) => [instance.address, instance.name]));
  return (await accessLog())
    .split('\n')
    .filter((line) => line.includes('"PATCH /api/uploads/'))
    .map((line) => {
      const upstream = /upstream=(\S+)/.exec(line)?.[1] ?? '?';
      return `${names.get(upstream) ?? upstream} (${/" (\d{3}) /.exec(line)?.[1]})`;
    });
}

async function startServices() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DATABASE_URL is not set (a PostgreSQL server where a database may be created)');
  const database = await createDatabase(adminUrl);
  cleanups.push({ name: `database ${database.name} dropped`, run: database.drop });
  say(`database ${database.name} created`);
  const s3 = await startFakeS3('clipmarket-two-instances');
  cleanups.push({ name: 'bucket (s3rver) stopped', run: s3.close });
  say(`bucket ${s3.bucket} at ${s3.endpoint} (s3rver)`);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const origin = `https://127.0.0.1:${httpsPort}`;
  const env = productionEnvironment(database.url, origin, s3);
  say(`migrations: ${(await runToEnd('npm', ['run', '--silent', 'db:migrate'], env)).trim().slice(0, 120)}…`);
  return { database, s3, httpsPort, httpPort, origin, env };
}

/**
 * Both instances at once, as a rollout starts them; A also seeds the demo data (SEED_DEMO_DATA=true
 * seeds an empty database: on one instance only, or both would).
 */
async function startInstances(runDir: string, env: NodeJS.ProcessEnv) {
  const started = await Promise.allSettled(
    (['A', 'B'] as const).map(async (name) => {
      const seed = name === 'A';
      const instance = await startInstance(name, {
        ...env,
        DATA_DIR: path.join(runDir, name),
        SEED_DEMO_DATA: String(seed),
      });
      instances.push(instance);
      cleanups.push({ name: `instance ${name} stopped`, run: () => instance.stop() });
      say(
        `instance ${name} ready at ${instance.address} (NODE_ENV=production${seed ? ', seeded the demo data' : ''})`,
      );
    }),
  );
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

async function main() {
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cm-2i-'));
  // Everything this run and its children write goes into its folder (s3rver's, Chromium's, tus's parts).
  process.env.TMPDIR = runDir;
  cleanups.push({ name: 'run folder removed', run: () => fs.rm(runDir, { recursive: true, force: true }) });
  const source = renderSource(path.join(runDir, 'quay-at-dusk.mp4'));
  const { s3, httpsPort, httpPort, origin, env } = await startServices();
  await startInstances(runDir, env);
  const certificate = await makeCertificate(runDir, ['localhost', 'tv.localhost']);
  const nginxDir = path.join(runDir, 'nginx');
  const nginx = await startNginx(nginxDir, {
    SERVER_NAMES: '127.0.0.1 localhost tv.localhost',
    HTTP_PORT: String(httpPort),
    HTTPS_PORT: String(httpsPort),
    TLS_CERTIFICATE: certificate.certificate,
    TLS_CERTIFICATE_KEY: certificate.key,
    UPSTREAM_1: instances[0]!.address,
    UPSTREAM_2: instances[1]!.address,
    LOG_DIR: nginxDir,
  });
  cleanups.push({
    name: 'nginx stopped',
    run: async () => {
      nginxLog = await fs.readFile(path.join(nginxDir, 'clipmarket-error.log'), 'utf8').catch(() => '');
      return nginx.stop();
    },
  });
  say(`nginx (deploy/nginx.conf) at ${origin}, round robin over A and B`);
  const client = httpsClient(origin, certificate.pem);
  await checkNginx(client, httpPort);

  const password = /\/ (\S+)/.exec(await fs.readFile(path.join(runDir, 'A', 'demo-login.txt'), 'utf8'))![1]!;
  const video = await source;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  cleanups.push({ name: 'Chromium closed', run: () => browser.close() });
  await browserJourney({ browser, origin, password, say }, video, () => chunkInstances(nginx.accessLog));

  say('an upload whose instance is stopped mid-chunk, resumed through nginx:');
  const cookie = await signIn(client, 'maria@example.com', password);
  const { stored } = await interruptedUpload({ client, cookie, instances, source: video.bytes, s3, say });
  if (sha256(stored) !== video.sha) throw new Error('the stored file differs from the source');
  say(`the bucket's file has the source's SHA-256 (${video.sha.slice(0, 16)}…)`);
}

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) {
    const outcome = await cleanup.run().then(
      (result) => (typeof result === 'string' ? `: ${result}` : ''),
      (error: Error) => ` FAILED: ${error.message}`,
    );
    say(`${cleanup.name}${outcome}`);
  }
  cleanups.length = 0;
}

// A hung step fails the run instead of holding `npm test`.
const deadline = setTimeout(() => void fail(new Error('the run took more than 8 minutes')), 8 * 60_000);
async function fail(error: Error) {
  console.error(`\n✗ two instances behind nginx: ${error.stack ?? error.message}`);
  for (const instance of instances)
    console.error(`\n--- instance ${instance.name}, last lines:\n${instance.output().slice(-3000)}`);
  await cleanUp();
  if (nginxLog) console.error(`\n--- nginx error log:\n${nginxLog.slice(-2000)}`);
  process.exit(1);
}

try {
  await main();
  await cleanUp();
  clearTimeout(deadline);
  say('✓ two instances behind nginx: every step passed');
} catch (error) {
  await fail(error as Error);
}
