/**
 * The video list API at 100,000 videos on PostgreSQL, against a bare Fastify hello-world route under the
 * same load, in one run (the machine is shared: compare ratios, not absolute figures).
 *
 *   node --import tsx bench/video-list.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_VIDEOS=100000 BENCH_SECONDS=10 ...
 *
 * A scratch database is created (and dropped at the end), migrated, the list indexes of migration 0005
 * dropped ("before"), filled with generate_series, measured; then those indexes made again ("after")
 * and measured again. The app is `buildApp` listening on loopback in this process; the baseline runs in
 * a process of its own; the load (autocannon, 10 connections) comes from a third process.
 * Measured: `GET /api/videos` (first page, 12 cards) and a deep page (a cursor 90% down the list).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { PUBLIC_VIDEO_STATUSES } from '../common/video-status';
import * as listIndexes from '../server/db/migrations/0005-video-pages';
import { migrations } from '../server/db/migrations/index';
import type { DB } from '../server/db/schema';
import { videosRepository } from '../server/repositories/videos.repository';
import { encodeCursor } from '../server/services/paging';
import { startBenchApp } from './bench-app';
import { measureRequests, startServerProcess } from './load';
import type { LoadResult } from './load-client';
import { openScratchDatabase } from './scratch-database';
import { fillVideos } from './video-rows';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const here = path.dirname(fileURLToPath(import.meta.url));

const scratch = await openScratchDatabase(URL_, 'list');
const { database } = scratch;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-list-'));
const hello = startServerProcess(path.join(here, 'hello-server.ts'));
let server: Awaited<ReturnType<typeof startBenchApp>> | undefined;

const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
async function migrateTo(migration: string | 'latest') {
  const { error } =
    migration === 'latest' ? await migrator.migrateToLatest() : await migrator.migrateTo(migration);
  if (error) throw error;
}

/** EXPLAIN ANALYZE of the exact SQL the repository runs (captured through Kysely's log). */
async function explain(afterId: string | null) {
  let captured: { sql: string; parameters: readonly unknown[] } | undefined;
  const logging = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: database.pool }),
    log: (event) => {
      captured = { sql: event.query.sql, parameters: event.query.parameters };
    },
  });
  await videosRepository(logging).list({ statuses: PUBLIC_VIDEO_STATUSES, limit: 12, afterId });
  const { rows } = await database.pool.query(`explain (analyze, costs off) ${captured!.sql}`, [
    ...captured!.parameters,
  ]);
  return rows.map((row: Record<string, string>) => `    ${row['QUERY PLAN']}`).join('\n');
}

async function deepCursor() {
  const { rows } = await database.pool.query(
    `select id from videos where status = any($1) order by created_at desc, id desc
     offset (select floor(count(*) * 0.9) from videos where status = any($1)) limit 1`,
    [PUBLIC_VIDEO_STATUSES],
  );
  return { id: rows[0].id as string, cursor: encodeCursor(rows[0].id) };
}

const results: [string, LoadResult][] = [];
async function measure(label: string, url: string) {
  results.push([label, await measureRequests(label, url, { seconds: SECONDS, connections: CONNECTIONS })]);
}

try {
  // Every migration, less the list indexes of 0005 ("before"); they come back for "after".
  await migrateTo('latest');
  await listIndexes.down(database.db as Kysely<unknown>);
  await fillVideos(database, VIDEOS);
  // Every answer computed: this measures the query and its indexes, not the shared visitors' answers.
  server = await startBenchApp(database, dataDir, { PUBLIC_ANSWER_CACHE_SECONDS: '0' });
  const helloUrl = `${await hello.address}/hello`;
  const { id: deepId, cursor } = await deepCursor();
  const firstPage = `${server.base}/api/videos`;
  const deepPage = `${server.base}/api/videos?cursor=${cursor}`;

  console.log(`\nBefore (without the indexes of 0005), first page:\n${await explain(null)}`);
  console.log(`Before, deep page:\n${await explain(deepId)}\n`);
  await measure('hello world (baseline)', helloUrl);
  await measure('before: first page', firstPage);
  await measure('before: deep page', deepPage);

  await listIndexes.up(database.db as Kysely<unknown>);
  await sql`analyze videos`.execute(database.db);
  console.log(`\nAfter (with the indexes of 0005), first page:\n${await explain(null)}`);
  console.log(`After, deep page:\n${await explain(deepId)}\n`);
  await measure('hello world (baseline, again)', helloUrl);
  await measure('after: first page', firstPage);
  await measure('after: deep page', deepPage);

  const baselines = results.filter(([label]) => label.startsWith('hello'));
  const base = {
    rps: baselines.reduce((sum, [, r]) => sum + r.requestsPerSecond, 0) / baselines.length,
    p95: baselines.reduce((sum, [, r]) => sum + r.p95, 0) / baselines.length,
  };
  // The machine is shared: say how busy it was, so the figures can be read for what they are.
  console.log(
    `\nload average (1, 5, 15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores`,
  );
  console.log(
    `\n${VIDEOS} videos on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each; ratios against the mean of the two baseline runs\n`,
  );
  console.log('| target | requests/s | p95 ms | requests/s vs baseline | p95 vs baseline |');
  console.log('|---|---|---|---|---|');
  for (const [label, r] of results) {
    console.log(
      `| ${label} | ${r.requestsPerSecond.toFixed(0)} | ${r.p95.toFixed(1)} | ${(r.requestsPerSecond / base.rps).toFixed(3)} | ${(r.p95 / base.p95).toFixed(1)}x |`,
    );
  }
} finally {
  await server?.close();
  await hello.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
