/**
 * Playback throughput: 1 MB byte ranges at random offsets of one ~200 MB video file, read through our
 * signed URL route (`/api/files/...`, what the player gets from /api/videos/{id}/playback) against
 * Debian's nginx serving the same file from the same directory, in one run; and through nginx in front
 * of the app with FILES_PROXY_LOCATION, where the app checks the signature and nginx sends the bytes
 * (X-Accel-Redirect, deploy/nginx-local-files.conf), as a single host on local storage runs in production.
 *
 *   node --import tsx bench/range-playback.ts
 *   BENCH_FILE_MB=200 BENCH_SECONDS=10 BENCH_CONNECTIONS=8 node --import tsx bench/range-playback.ts
 *
 * nginx runs with one worker process (our server is one Node process), sendfile on, access log off,
 * on a free loopback port, with a configuration written to a temporary directory; it is stopped at the
 * end. The load comes from a process of its own (`range-client.ts`: autocannon itself could not read
 * faster than about 50 MB/s, below both servers). Two rounds, alternating; the file is read
 * once before, so both serve it from the page cache.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { startBenchApp } from './bench-app';
import { profiled } from './cpu-profile';
import { runLoad } from './load';
import type { LoadResult } from './load-client';

const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROFILE = process.env.BENCH_PROFILE === '1';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const RANGE_BYTES = 1024 * 1024;
const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';
const FILE = 'videos/bench-playback.mp4';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Random bytes (nothing compresses or dedupes them), written in 8 MB pieces. */
async function writeFile(target: string) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const handle = await fs.open(target, 'w');
  for (let written = 0; written < FILE_MB; written += 8) {
    await handle.write(crypto.randomBytes(Math.min(8, FILE_MB - written) * 1024 * 1024));
  }
  await handle.close();
}

/**
 * nginx in the foreground on `port`, serving `root`; and on `proxyPort` in front of the app at `appPort`
 * with the guide's internal location of the files (X-Accel-Redirect). Resolves once it answers.
 */
async function startNginx(
  work: string,
  root: string,
  port: number,
  proxied: { proxyPort: number; appPort: number },
) {
  const internal = (await fs.readFile('deploy/nginx-local-files.conf', 'utf8')).replaceAll(
    /\$\{FILES_DIR\}/g,
    `${root}/`,
  );
  const conf = path.join(work, 'nginx.conf');
  await fs.writeFile(
    conf,
    `worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  types { video/mp4 mp4; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
  upstream app {
    server 127.0.0.1:${proxied.appPort};
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${proxied.proxyPort};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
${internal}
  }
}
`,
  );
  const child = spawn(NGINX, ['-e', `${work}/error.log`, '-p', work, '-c', conf], { stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/${FILE}`;
  for (let tries = 0; ; tries++) {
    const ok = await fetch(url, { method: 'HEAD' }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || tries > 100)
      throw new Error(`nginx did not start (see ${work}/error.log)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT'); // graceful: finish, then exit
      await exited;
    },
  };
}

// World-readable: nginx's worker runs as an unprivileged user.
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-range-'));
await fs.chmod(work, 0o755);
const database = await openDatabase({ kind: 'embedded-memory' });
let server: Awaited<ReturnType<typeof startBenchApp>> | undefined;
let accelerated: Awaited<ReturnType<typeof startBenchApp>> | undefined;
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
try {
  await migrateToLatest(database.db);
  server = await startBenchApp(database, path.join(work, 'data'));
  // The same files and secret, answering signed URLs with X-Accel-Redirect for nginx to send them.
  accelerated = await startBenchApp(database, path.join(work, 'data'), {
    FILES_PROXY_LOCATION: '/internal-files/',
  });
  const root = server.config.storage.localDir;
  await writeFile(path.join(root, FILE));
  for (const dir of [path.join(work, 'data'), root, path.join(root, 'videos')]) await fs.chmod(dir, 0o755);
  await fs.chmod(path.join(root, FILE), 0o644);
  await fs.readFile(path.join(root, FILE)); // into the page cache, for both

  const proxyPort = await freePort();
  const appPort = Number(new URL(accelerated.base).port);
  nginx = await startNginx(work, root, await freePort(), { proxyPort, appPort });
  const signed = new URL(await server.storage.signedUrl(FILE, { expiresInSeconds: 3600 }), server.base);
  const ours = `${server.base}${signed.pathname}${signed.search}`;
  const viaProxy = `http://127.0.0.1:${proxyPort}${signed.pathname}${signed.search}`;
  const size = FILE_MB * 1024 * 1024;

  const rounds: Record<'nginx' | 'app' | 'proxied', LoadResult[]> = { nginx: [], app: [], proxied: [] };
  const load = (url: string, seconds: number) =>
    runLoad(
      { url, seconds, connections: CONNECTIONS, rangeOfSize: size, rangeBytes: RANGE_BYTES },
      'range-client.ts',
    );
  for (const url of [nginx.url, ours, viaProxy]) await load(url, 2); // warm-up
  for (let round = 0; round < 2; round++) {
    for (const [label, url] of [
      ['nginx', nginx.url],
      ['app', ours],
      ['proxied', viaProxy],
    ] as const) {
      const measured = () => load(url, SECONDS);
      const result =
        PROFILE && label === 'app'
          ? await profiled(path.join(os.tmpdir(), `range-app-${round + 1}.cpuprofile`), measured)
          : await measured();
      if (result.errors || result.non2xx)
        throw new Error(`${label}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      rounds[label].push(result);
      console.log(
        `round ${round + 1} ${label}: ${result.megabytesPerSecond.toFixed(0)} MB/s, ${result.requestsPerSecond.toFixed(0)} ranges/s, p95 ${result.p95.toFixed(1)} ms`,
      );
    }
  }
  const mean = (list: LoadResult[], pick: (r: LoadResult) => number) =>
    list.reduce((sum, r) => sum + pick(r), 0) / list.length;
  const base = mean(rounds.nginx, (r) => r.megabytesPerSecond);
  // The machine is shared: say how busy it was, so the figures can be read for what they are.
  console.log(
    `\nload average (1, 5, 15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores`,
  );
  console.log(
    `\n1 MB ranges at random offsets of a ${FILE_MB} MB file, ${CONNECTIONS} connections, 2 x ${SECONDS} s each\n`,
  );
  console.log('| server | MB/s | ranges/s | p95 ms | throughput vs nginx |');
  console.log('|---|---|---|---|---|');
  for (const [label, list] of [
    ['nginx 1.22, 1 worker, sendfile (baseline)', rounds.nginx],
    ['our signed URL route', rounds.app],
    ['nginx in front, our route checks, nginx sends (FILES_PROXY_LOCATION)', rounds.proxied],
  ] as const) {
    const mbps = mean(list, (r) => r.megabytesPerSecond);
    console.log(
      `| ${label} | ${mbps.toFixed(0)} | ${mean(list, (r) => r.requestsPerSecond).toFixed(0)} | ${mean(list, (r) => r.p95).toFixed(1)} | ${(mbps / base).toFixed(2)} |`,
    );
  }
} finally {
  await nginx?.stop();
  await server?.close();
  await accelerated?.close();
  await database.close();
  await fs.rm(work, { recursive: true, force: true });
}
