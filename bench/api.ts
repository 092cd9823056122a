/**
 * The public API's two busiest answers against a bare Fastify hello world, in one run (issue 31):
 * anonymous `GET /api/videos` (the home page's first 12 cards) and `GET /api/videos/{id}` (a video page),
 * on PostgreSQL with generated videos, each computed (the app with PUBLIC_ANSWER_CACHE_SECONDS=0) and
 * shared (the default: anonymous answers kept a few seconds). The app is `buildApp` listening on loopback in this process, the
 * baseline runs in a process of its own, the load (autocannon, 10 connections) comes from a third.
 *
 *   node --import tsx bench/api.ts
 *   BENCH_DATABASE_URL=... BENCH_VIDEOS=10000 BENCH_SECONDS=10 BENCH_PROFILE=1 node --import tsx bench/api.ts
 *
 * BENCH_PROFILE=1 also profiles the app's process during each measured run and prints where the time went.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest } from '../server/db/migrate';
import { startBenchApp } from './bench-app';
import { measureRequests, startServerProcess } from './load';
import type { LoadResult } from './load-client';
import { openScratchDatabase } from './scratch-database';
import { fillVideos } from './video-rows';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROFILE = process.env.BENCH_PROFILE === '1';
const CONNECTIONS = 10;
const here = path.dirname(fileURLToPath(import.meta.url));

const scratch = await openScratchDatabase(URL_, 'api');
const { database } = scratch;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
const hello = startServerProcess(path.join(here, 'hello-server.ts'));
let server: Awaited<ReturnType<typeof startBenchApp>> | undefined;
let uncached: Awaited<ReturnType<typeof startBenchApp>> | undefined;

const results: [string, LoadResult][] = [];
async function measure(label: string, url: string, profileAs?: string) {
  const profileTo = PROFILE && profileAs ? path.join(os.tmpdir(), `${profileAs}.cpuprofile`) : undefined;
  results.push([
    label,
    await measureRequests(label, url, { seconds: SECONDS, connections: CONNECTIONS, profileTo }),
  ]);
}

try {
  await migrateToLatest(database.db);
  await fillVideos(database, VIDEOS);
  server = await startBenchApp(database, dataDir);
  // The same app without the shared anonymous answers: what every answer costs when it is computed.
  uncached = await startBenchApp(database, dataDir, { PUBLIC_ANSWER_CACHE_SECONDS: '0' });
  const helloUrl = `${await hello.address}/hello`;
  const list = (await (await fetch(`${server.base}/api/videos`)).json()) as { items: { id: string }[] };
  const videoId = list.items[0]?.id;

  // Alternating rounds, so a change in the machine's load falls on every target.
  for (const round of [1, 2]) {
    await measure(`hello world (round ${round})`, helloUrl);
    for (const [app, label] of [
      [uncached, 'computed'],
      [server, 'shared'],
    ] as const) {
      await measure(
        `GET /api/videos, ${label} (round ${round})`,
        `${app.base}/api/videos`,
        `api-list-${label}-${round}`,
      );
      await measure(
        `GET /api/videos/{id}, ${label} (round ${round})`,
        `${app.base}/api/videos/${videoId}`,
        `api-detail-${label}-${round}`,
      );
    }
  }

  const mean = (prefix: string, pick: (r: LoadResult) => number) => {
    const runs = results.filter(([label]) => label.startsWith(prefix)).map(([, r]) => pick(r));
    return runs.reduce((a, b) => a + b, 0) / runs.length;
  };
  const base = { rps: mean('hello', (r) => r.requestsPerSecond), p95: mean('hello', (r) => r.p95) };
  console.log(
    `\nload average (1, 5, 15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores`,
  );
  console.log(`${VIDEOS} videos on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s a run, two rounds\n`);
  console.log('| target | requests/s | p95 ms | requests/s vs hello | p95 vs hello |');
  console.log('|---|---|---|---|---|');
  const targets = ['hello world', 'GET /api/videos, computed', 'GET /api/videos/{id}, computed'];
  for (const target of [...targets, ...targets.slice(1).map((t) => t.replace('computed', 'shared'))]) {
    const rps = mean(target, (r) => r.requestsPerSecond);
    const p95 = mean(target, (r) => r.p95);
    console.log(
      `| ${target} | ${rps.toFixed(0)} | ${p95.toFixed(1)} | ${(rps / base.rps).toFixed(3)} | ${(p95 / base.p95).toFixed(1)}x |`,
    );
  }
} finally {
  await server?.close();
  await uncached?.close();
  await hello.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
