/**
 * The cost of counting a view (issue 35: at most 1 ms of server time at p95 under 200 views a second).
 * `POST /api/videos/{id}/views` of the real app (`buildApp` in this process, behind one trusted proxy as in
 * production, so X-Forwarded-For tells the visitors apart) at a steady, open-loop rate from a client
 * process of its own (`view-client.ts`), by visitors, signed-in members and a few crawlers, with reloads
 * (`view-plan.ts`). In the same run, at the same rate: `GET /healthz` of the same app (one database round
 * trip through every hook) and a bare Fastify hello world in a process of its own, the baselines.
 *
 * Server time is Fastify's `reply.elapsedTime` of each measured answer (from the request's arrival in
 * Fastify to its answer sent), read by an `onResponse` hook the bench adds; CPU is this process's
 * (the app's, and on the embedded database the database's too) over the whole run. At the end the views
 * are tallied once, as the upkeep does, and each video's total must equal its distinct viewers sent.
 *
 *   node --import tsx bench/view-counting.ts
 *   BENCH_DATABASE_URL=... BENCH_VIDEOS=2000 BENCH_RATE=200 BENCH_SECONDS=20 BENCH_SKIP_EMBEDDED=1 ...
 *
 * PostgreSQL at BENCH_DATABASE_URL (a scratch database, dropped after), then the embedded database in
 * memory unless BENCH_SKIP_EMBEDDED=1. BENCH_ASYNC_COMMIT=1 also runs PostgreSQL with synchronous_commit off
 * (a what-if: the commits' WAL flush is most of a view's time). BENCH_PROFILE=1 profiles the app during
 * the views. Exits 1 when counting costs more than 1 ms at p95 (a view's p95 of server time less the
 * p95 of `/healthz` on the same database in the same run: on a shared 2-core machine `/healthz` alone,
 * every hook and one round trip, is often over 1 ms at p95, and that floor is not the counting's), or
 * when the counts are wrong.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { PUBLIC_VIDEO_STATUSES } from '../common/video-status';
import { type Database, openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { startBenchApp } from './bench-app';
import { profiled } from './cpu-profile';
import { runLoad, startServerProcess } from './load';
import { openScratchDatabase } from './scratch-database';
import { fillVideos } from './video-rows';
import type { ViewClientOptions, ViewClientResult } from './view-client';
import { type PlannedRequest, percentile, planViews } from './view-plan';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
const MEMBERS = 20;
const LIMIT_MS = 1;
const PROFILE = process.env.BENCH_PROFILE === '1';
const VIEWS_ROUTE = '/api/videos/:videoId/views';
const here = path.dirname(fileURLToPath(import.meta.url));

type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/** One target's run: what the client saw, the server's own times, and this process's CPU per request. */
interface Run {
  label: string;
  client: ViewClientResult;
  server?: { p50: number; p95: number; p99: number; beforeP50: number };
  cpuPerRequest?: number;
}

/**
 * Keeps each measured answer's server time, by route pattern, for `take`; and the part of it spent before
 * the body is read (the app's onRequest hooks and the route's own: the rate limit's counter).
 */
function serverTimer() {
  const times = new Map<string, { total: number[]; before: number[] }>();
  const bodyAt = new WeakMap<object, number>();
  return {
    hook(app: BenchApp['app']) {
      app.addHook('preParsing', async (request) => {
        bodyAt.set(request, performance.now());
      });
      app.addHook('onResponse', async (request, reply) => {
        if (request.headers['x-bench-phase'] !== 'measured') return;
        const route = request.routeOptions.url ?? '(unmatched)';
        const kept = times.get(route) ?? { total: [], before: [] };
        if (kept.total.length === 0) times.set(route, kept);
        kept.total.push(reply.elapsedTime);
        const start = performance.now() - reply.elapsedTime;
        kept.before.push((bodyAt.get(request) ?? start) - start);
      });
    },
    take(route: string) {
      const total = (times.get(route)?.total ?? []).sort((a, b) => a - b);
      const before = (times.get(route)?.before ?? []).sort((a, b) => a - b);
      times.delete(route);
      return {
        p50: percentile(total, 0.5),
        p95: percentile(total, 0.95),
        p99: percentile(total, 0.99),
        beforeP50: percentile(before, 0.5),
      };
    },
  };
}

/**
 * The database's own floor, in the same run, through our pool and Kysely: a `select 1` round trip, and a
 * one-row insert committed on its own (what the rate limit's counter and a view's mark each are).
 */
async function roundTrips(database: Database) {
  await sql`create table bench_commit_probe (k text primary key)`.execute(database.db);
  const timed = async (statement: (i: number) => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 500; i++) {
      const started = performance.now();
      await statement(i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  };
  const select = await timed(() => sql`select 1`.execute(database.db));
  const commit = await timed((i) =>
    sql`insert into bench_commit_probe values (${String(i)}) on conflict do nothing`.execute(database.db),
  );
  await sql`drop table bench_commit_probe`.execute(database.db);
  return { select, commit };
}

/** Samples the pool every 20 ms while `work` runs: the most requests waiting for a connection, the mean in use. */
async function watchPool<T>(pool: Database['pool'], work: () => Promise<T>) {
  let samples = 0;
  let inUse = 0;
  let maxWaiting = 0;
  const timer = setInterval(() => {
    samples++;
    inUse += pool.totalCount - pool.idleCount;
    maxWaiting = Math.max(maxWaiting, pool.waitingCount);
  }, 20);
  try {
    return { result: await work(), pool: { meanInUse: inUse / Math.max(1, samples), maxWaiting } };
  } finally {
    clearInterval(timer);
  }
}

/** The plan at the bench's rate, from the client process; this process's CPU meanwhile, per request. */
async function runPlan(base: string, requests: PlannedRequest[], planFile: string, profileAs?: string) {
  await fs.writeFile(planFile, JSON.stringify(requests));
  const cpu = process.cpuUsage();
  const load = () =>
    runLoad<ViewClientOptions, ViewClientResult>(
      { base, rate: RATE, planFile, warmupSeconds: WARMUP_SECONDS },
      'view-client.ts',
    );
  const client =
    PROFILE && profileAs
      ? await profiled(path.join(os.tmpdir(), `${profileAs}.cpuprofile`), load)
      : await load();
  const used = process.cpuUsage(cpu);
  return { client, cpuPerRequest: (used.user + used.system) / 1000 / requests.length };
}

/** Members signed up and in through the app, as the web app does it: their ids and session cookies. */
async function signUpMembers(server: BenchApp, count: number) {
  const members: { id: string; cookie: string }[] = [];
  for (let n = 0; n < count; n++) {
    const payload = { email: `viewer${n}@example.com`, password: 'bench-password-35', name: `Viewer ${n}` };
    const send = (action: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/auth/${action}/email`,
        headers: { origin: server.config.publicUrl },
        remoteAddress: `10.35.0.${n + 1}`,
        payload,
      });
    if ((await send('sign-up')).statusCode !== 200) throw new Error('sign-up failed');
    const signedIn = await send('sign-in');
    if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
    const cookie = [signedIn.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    members.push({ id: (signedIn.json() as { user: { id: string } }).user.id, cookie });
  }
  return members;
}

/** Each video's counted views after one tally, against the plan: the videos whose total is wrong. */
async function checkCounts(server: BenchApp, database: Database, expected: Map<string, number>) {
  await server.app.services.videoViews.tally();
  const { rows } = await sql<{ video_id: string; views: number }>`
    select video_id, sum(views)::int as views from video_daily_stats group by video_id`.execute(database.db);
  const counted = new Map(rows.map((row) => [row.video_id, row.views]));
  const wrong = [...new Set([...expected.keys(), ...counted.keys()])].filter(
    (id) => (counted.get(id) ?? 0) !== (expected.get(id) ?? 0),
  );
  return { total: rows.reduce((sum, row) => sum + row.views, 0), wrong: wrong.length };
}

/** The whole measurement on one database: the app, its baseline, the views, the check. */
async function measureOn(kind: string, database: Database, helloBase: string | undefined) {
  await migrateToLatest(database.db);
  await fillVideos(database, VIDEOS);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-views-'));
  const timer = serverTimer();
  const server = await startBenchApp(database, dataDir, { TRUST_PROXY: '1' }, timer.hook);
  const planFile = path.join(dataDir, 'plan.json');
  const count = RATE * (SECONDS + WARMUP_SECONDS);
  const runs: Run[] = [];
  try {
    const members = await signUpMembers(server, MEMBERS);
    const { rows } = await sql<{ id: string }>`
      select id from videos where status = any(${sql.val(PUBLIC_VIDEO_STATUSES)}) order by random()`.execute(
      database.db,
    );
    const plan = planViews({
      count,
      videoIds: rows.map((row) => row.id),
      visitors: Math.ceil(count / 2),
      memberCookies: members,
      origin: new URL(server.config.publicUrl).origin,
    });
    const get = (target: string) =>
      Array.from({ length: count }, () => ({ method: 'GET', path: target, headers: {} }));
    const dayBefore = new Date().toISOString().slice(0, 10);
    const floor = await roundTrips(database);

    if (helloBase) {
      const hello = await runPlan(helloBase, get('/hello'), planFile);
      runs.push({ label: 'bare Fastify hello world (own process)', client: hello.client });
    }
    const health = await runPlan(server.base, get('/healthz'), planFile);
    runs.push({ label: `GET /healthz, ${kind}`, ...health, server: timer.take('/healthz') });
    const watched = await watchPool(database.pool, () =>
      runPlan(server.base, plan.requests, planFile, `views-${kind}`),
    );
    runs.push({ label: `POST views, ${kind}`, ...watched.result, server: timer.take(VIEWS_ROUTE) });

    const sameDay = dayBefore === new Date().toISOString().slice(0, 10);
    const check = await checkCounts(server, database, plan.expected);
    const notes = [
      `${kind}: ${VIDEOS} videos, ${count} views in ${SECONDS + WARMUP_SECONDS} s (${WARMUP_SECONDS} s warm-up): ` +
        `${plan.memberViews} by ${MEMBERS} members, ${plan.repeats} reloads, ${plan.bots} by crawlers; ` +
        `${plan.counted} distinct (video, viewer) pairs on ${plan.expected.size} videos; ` +
        `counted after one tally: ${check.total}, videos with a wrong total: ${check.wrong}` +
        (sameDay ? '' : ' (the run crossed midnight UTC: the check does not hold)'),
      `${kind}, the database alone (500 in a row, idle app): select 1 p50 ${ms(floor.select.p50)} ms, ` +
        `p95 ${ms(floor.select.p95)} ms; a one-row insert committed p50 ${ms(floor.commit.p50)} ms, p95 ${ms(floor.commit.p95)} ms`,
      `${kind}, the pool during the views (${database.pool.options.max} connections): ` +
        `${watched.pool.meanInUse.toFixed(1)} in use on average, at most ${watched.pool.maxWaiting} requests waiting for one`,
    ];
    return { runs, notes, countsRight: !sameDay || (check.wrong === 0 && check.total === plan.counted) };
  } finally {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));

function report(runs: Run[], notes: string[]) {
  console.log(`\n${notes.join('\n')}`);
  console.log(
    `\nload average (1, 5, 15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ', ',
      )} on ${os.cpus().length} cores; ${RATE} requests/s for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up\n`,
  );
  console.log(
    '| target | achieved/s | server p50 ms | server p95 ms | server p99 ms | of which before the body, p50 | CPU ms/request | client p50 ms | client p95 ms | statuses |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { label, client, server, cpuPerRequest } of runs) {
    const statuses = Object.entries(client.statuses)
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ');
    console.log(
      `| ${label} | ${client.achievedRate.toFixed(0)} | ${ms(server?.p50)} | ${ms(server?.p95)} | ${ms(server?.p99)} | ` +
        `${ms(server?.beforeP50)} | ${ms(cpuPerRequest)} | ${ms(client.due.p50)} | ${ms(client.due.p95)} | ${statuses}${client.errors ? `, ${client.errors} errors` : ''} |`,
    );
  }
  // The ratios: a view against /healthz of the same app and database, in the same run.
  for (const views of runs.filter((run) => run.label.startsWith('POST views'))) {
    const kind = views.label.slice('POST views, '.length);
    const health = runs.find((run) => run.label === `GET /healthz, ${kind}`);
    if (!health?.server || !views.server || !health.cpuPerRequest || !views.cpuPerRequest) continue;
    console.log(
      `${kind}: a view's server time is ${(views.server.p50 / health.server.p50).toFixed(1)}x (p50) and ` +
        `${(views.server.p95 / health.server.p95).toFixed(1)}x (p95) a /healthz's, its CPU ${(views.cpuPerRequest / health.cpuPerRequest).toFixed(1)}x`,
    );
  }
}

async function setAsyncCommit(databaseName: string) {
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query(`alter database ${databaseName} set synchronous_commit = off`);
  await admin.end();
}

const hello = startServerProcess(path.join(here, 'hello-server.ts'));
const runs: Run[] = [];
const notes: string[] = [];
let countsRight = true;
try {
  const helloBase = await hello.address;
  // BENCH_ASYNC_COMMIT=1 adds a what-if: PostgreSQL again with synchronous_commit off for the scratch
  // database, a commit no longer waiting for its WAL flush.
  for (const asyncCommit of process.env.BENCH_ASYNC_COMMIT === '1' ? [false, true] : [false]) {
    const scratch = await openScratchDatabase(URL_, asyncCommit ? 'views_async' : 'views');
    try {
      // The pool has no connection yet: every one it opens takes the database's setting.
      if (asyncCommit) await setAsyncCommit(scratch.name);
      const kind = asyncCommit ? 'PostgreSQL, synchronous_commit off' : 'PostgreSQL';
      const result = await measureOn(kind, scratch.database, asyncCommit ? undefined : helloBase);
      runs.push(...result.runs);
      notes.push(...result.notes);
      countsRight &&= result.countsRight;
    } finally {
      await scratch.drop();
    }
  }
  if (!process.env.BENCH_SKIP_EMBEDDED) {
    const embedded = await openDatabase({ kind: 'embedded-memory' });
    try {
      const result = await measureOn('embedded', embedded, undefined);
      runs.push(...result.runs);
      notes.push(...result.notes);
      countsRight &&= result.countsRight;
    } finally {
      await embedded.close();
    }
  }
} finally {
  await hello.stop();
}

report(runs, notes);
/** /healthz of the same app and database in the same run: every hook and one round trip, no counting. */
const floorOf = (run: Run) =>
  runs.find((other) => other.label === run.label.replace('POST views', 'GET /healthz'));
/** What counting adds to a request at p95: the view's p95 less its /healthz's. */
const countingCost = (run: Run) => {
  const floor = floorOf(run)?.server;
  return run.server && floor ? run.server.p95 - floor.p95 : undefined;
};
const failed = runs.filter(
  (run) =>
    run.label.startsWith('POST views') &&
    !run.label.includes('synchronous_commit off') && // a what-if, not the app as configured
    !((countingCost(run) ?? Number.POSITIVE_INFINITY) <= LIMIT_MS),
);
for (const run of runs.filter((run) => run.label.startsWith('POST views')))
  console.log(
    `${run.label}: counting costs ${ms(countingCost(run))} ms at p95 over /healthz (p95 ${ms(run.server?.p95)} against ${ms(floorOf(run)?.server?.p95)} ms)`,
  );
const unanswered = runs.filter(
  (run) => run.client.errors > 0 || Object.keys(run.client.statuses).some((status) => !/^2/.test(status)),
);
for (const run of failed)
  console.log(`FAIL: ${run.label}: counting costs ${ms(countingCost(run))} ms at p95 > ${LIMIT_MS} ms`);
for (const run of unanswered) console.log(`FAIL: ${run.label}: errors or answers other than 2xx`);
if (!countsRight) console.log('FAIL: the counted views differ from the distinct viewers sent');
if (failed.length === 0 && unanswered.length === 0 && countsRight)
  console.log(`PASS: counting costs ≤ ${LIMIT_MS} ms at p95, counts right`);
process.exitCode = failed.length > 0 || unanswered.length > 0 || !countsRight ? 1 : 0;
