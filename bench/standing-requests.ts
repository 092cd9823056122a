/**
 * Matching one newly licensable video against standing requests (issue 34: at most 50 ms against
 * 100,000) on PostgreSQL (`BENCH_DATABASE_URL`), in a scratch database migrated with the app's migrations:
 * `findMatches` (lookup and check) and `recordMatches` (the notifier's call: also writes the matches).
 *
 *   BENCH_REQUESTS=100000 BENCH_RUNS=100 node --import tsx bench/standing-requests.ts
 *
 * Requests made by generate_series, stored as `searchValues` stores a search: half keywords or words
 * (1 to 3 of search.ts's vocabulary, Zipf-like; query text from `wordsQueryText`, lexemes as
 * `anchorLexemes` picks them by the text statistics of a library of `BENCH_LIBRARY` videos, the anchor
 * keyword as `anchorKeyword` picks it from a keyword summary that follows the same law), a quarter a place (5 to 200 km, most around ten busy places, the box as
 * `boundingBox` gives it), 15% days, a tenth keywords with a place or days; a tenth paused. A sample is
 * checked against the app's own functions first. Three kinds of video (a common keyword with Zipf text; rare
 * words only; uncommon words at a busy place on a busy day), a fresh video per call, through the pool as
 * the notifier calls it; p50 and p95 beside a `select 1` of the same run, then a few calls under
 * auto_explain for candidates, indexes and the plan. Two passes: as loaded, then after a VACUUM.
 */
import { type Kysely, sql } from 'kysely';
import { LICENSABLE_STATUSES } from '../common/video-status';
import { migrateToLatest } from '../server/db/migrate';
import type { DB } from '../server/db/schema';
import { standingRequestMatchingRepository } from '../server/repositories/standing-request-matching.repository';
import { openScratchDatabase } from './scratch-database';
import { vocabulary } from './search-data';
import {
  checkRequests,
  kinds,
  LIBRARY,
  loadLibrary,
  loadRequests,
  loadWords,
  makeVideos,
  REQUESTS,
  type VideoKind,
  VOCABULARY,
} from './standing-requests-data';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARM_UP = 10;
const EXPLAINED = 5;
const TARGET_MS = 50;
const LICENSABLE = { statuses: LICENSABLE_STATUSES, privacy: 'public' };
const log = (line: string) => console.error(line);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const spread = (values: number[]) => `${median(values)} (${Math.min(...values)}-${Math.max(...values)})`;

async function timed<T>(times: number[], body: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const result = await body();
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
  return result;
}

/**
 * The candidates in an auto_explain text plan: the rows of the Append of the four index lookups (a request
 * two lookups find counts twice; the check then keeps each once).
 */
function candidates(plan: string): number {
  const append = plan
    .split('\n')
    .find((line) => /->\s+Append|^Append/.test(line.trim()) && line.includes('actual time='));
  return Number(/actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(append ?? '')?.[1] ?? Number.NaN);
}

interface Pass {
  title: string;
  rows: { label: string; find: number[]; times: number[]; matches: number[]; plans: string[] }[];
  select1: number[];
}

/**
 * Each kind: warm-up calls, `RUNS` timed calls (a fresh video each, through the pool, as the notifier
 * calls it), then `EXPLAINED` more under auto_explain on one connection; `select 1` before and after.
 */
async function pass(db: Kysely<DB>, title: string, kinds: VideoKind[], plans: string[]): Promise<Pass> {
  const matching = standingRequestMatchingRepository(db);
  const select1: number[] = [];
  for (let i = 0; i < RUNS; i++) await timed(select1, () => sql`select 1`.execute(db));
  const rows: Pass['rows'] = [];
  for (const [k, kind] of kinds.entries()) {
    const prefix = `${title.split(' ')[0]}-${k}`;
    const warm = await makeVideos(db, `${prefix}-warm`, WARM_UP, kind);
    const ids = await makeVideos(db, `${prefix}-timed`, RUNS, kind);
    const explained = await makeVideos(db, `${prefix}-explained`, EXPLAINED, kind);
    for (const id of warm) await matching.recordMatches(id, LICENSABLE, new Date());
    const find: number[] = [];
    const times: number[] = [];
    const matches: number[] = [];
    for (const id of ids) {
      // Finding alone (nothing written), then the call the notifier makes: find, write and commit.
      await timed(find, () => matching.findMatches(id, LICENSABLE));
      matches.push((await timed(times, () => matching.recordMatches(id, LICENSABLE, new Date()))).length);
    }
    const from = plans.length;
    await db.connection().execute(async (conn) => {
      await sql`load 'auto_explain'`.execute(conn);
      await sql`select set_config('auto_explain.log_min_duration', '0', false),
        set_config('auto_explain.log_analyze', 'on', false), set_config('auto_explain.log_buffers', 'on', false),
        set_config('client_min_messages', 'log', false)`.execute(conn);
      const explaining = standingRequestMatchingRepository(conn);
      for (const id of explained) await explaining.recordMatches(id, LICENSABLE, new Date());
      await sql`select set_config('client_min_messages', 'notice', false),
        set_config('auto_explain.log_min_duration', '-1', false)`.execute(conn);
    });
    rows.push({
      label: kind.label,
      find: find.sort((a, b) => a - b),
      times: times.sort((a, b) => a - b),
      matches,
      plans: plans.slice(from),
    });
    log(`  ${title}: ${kind.label}`);
  }
  for (let i = 0; i < RUNS; i++) await timed(select1, () => sql`select 1`.execute(db));
  return { title, rows, select1: select1.sort((a, b) => a - b) };
}

function report({ title, rows, select1 }: Pass) {
  const b50 = percentile(select1, 0.5);
  const b95 = percentile(select1, 0.95);
  console.log(
    `\n${title}: select 1 p50 ${b50.toFixed(3)} ms, p95 ${b95.toFixed(3)} ms (${select1.length} calls)\n`,
  );
  console.log(
    '| video | find p50 ms | find p95 ms | find p50 / select 1 | find p95 ≤ 50 ms | find + write p50 ms | p95 ms | p50 / select 1 | candidates | matches | indexes read | seq scans of standing_requests |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { label, find, times, matches, plans } of rows) {
    // An index read without an Index Cond (a partial index's predicate only) is marked with a *.
    const scanned = /(?:Index Scan on|Scan using) (\w+)[^\n]*\n(\s*Index Cond)?/g;
    const indexes = new Set(
      plans.flatMap((plan) => [...plan.matchAll(scanned)].map((m) => `${m[1]}${m[2] ? '' : '*'}`)),
    );
    const scans = plans.map((plan) => plan.match(/Seq Scan on standing_requests(_\d+)?\b/g)?.length ?? 0);
    const f50 = percentile(find, 0.5);
    const f95 = percentile(find, 0.95);
    const p50 = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    console.log(
      `| ${label} | ${f50.toFixed(2)} | ${f95.toFixed(2)} | ${(f50 / b50).toFixed(0)} | ${f95 <= TARGET_MS ? 'yes' : 'no'} | ` +
        `${p50.toFixed(2)} | ${p95.toFixed(2)} | ${(p50 / b50).toFixed(0)} | ` +
        `${spread(plans.map(candidates))} | ${spread(matches)} | ` +
        `${[...indexes].join(', ')} | ${spread(scans)} |`,
    );
  }
}

/** Entries waiting in the GIN index's pending list (read by every lookup until a vacuum merges them). */
async function pending(db: Kysely<DB>) {
  const { rows } = await sql<{ index: string; pages: number; tuples: number }>`
    select i as index, pending_pages as pages, pending_tuples::int as tuples
    from unnest(array['standing_requests_lexemes']) i, pgstatginindex(i::regclass)`.execute(db);
  return rows.map((row) => `${row.index} ${row.pages} pages, ${row.tuples} entries`).join('; ');
}

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = await openScratchDatabase(url, 'standing_requests', 2);
const plans: string[] = [];
scratch.database.pool.on('connect', (client) =>
  client.on('notice', (notice) => {
    const text = notice.message ?? '';
    if (text.includes('standing_request_matches'))
      plans.push(text.slice(Math.max(0, text.search(/^.*\(cost=/m))));
  }),
);
try {
  const { db } = scratch.database;
  let started = Date.now();
  await migrateToLatest(db);
  await sql`create extension if not exists pgstattuple`.execute(db);
  await sql`insert into users (id, name, email) values ('bench-creator', 'Creator', 'creator@example.com')`.execute(
    db,
  );
  const words = vocabulary(VOCABULARY);
  await loadWords(db, words);
  log(`  migrated, ${VOCABULARY} words' queries in ${seconds(started)}`);
  started = Date.now();
  await loadLibrary(db, words);
  log(`  ${LIBRARY.toLocaleString('en')} videos of the library loaded and analyzed in ${seconds(started)}`);
  started = Date.now();
  await loadRequests(db);
  const loadTime = seconds(started);
  const counts = await sql<{ anchor: string; paused: boolean; n: number }>`
    select anchor, paused, count(*)::int as n from standing_requests group by 1, 2 order by 1, 2`.execute(db);
  log(`  ${REQUESTS.toLocaleString('en')} requests loaded and analyzed in ${loadTime}`);
  const checked = await checkRequests(db);
  log(
    `  checked against the app: ${checked.words} words' queries, ${checked.places} boxes, ${checked.anchors} anchor keywords`,
  );

  const videoKinds = kinds(words);
  const loadedPending = await pending(db);
  const loaded = await pass(db, 'as loaded (analyze only)', videoKinds, plans);
  await sql`vacuum (analyze) standing_requests, standing_request_matches`.execute(db);
  const vacuumedPending = await pending(db);
  const vacuumed = await pass(db, 'after vacuum (as autovacuum leaves the tables)', videoKinds, plans);
  const matchRows = await sql<{ n: number }>`select count(*)::int as n from standing_request_matches`.execute(
    db,
  );

  console.log(
    `\nPostgreSQL: ${REQUESTS.toLocaleString('en')} standing requests (${counts.rows
      .map((r) => `${r.anchor}${r.paused ? ' paused' : ''} ${r.n}`)
      .join(', ')}), loaded in ${loadTime}; per kind and pass ${RUNS} timed calls and ${EXPLAINED} ` +
      `explained, a video each; ${matchRows.rows[0]?.n.toLocaleString('en')} match rows at the end.`,
  );
  console.log(`GIN pending list as loaded: ${loadedPending}; after vacuum: ${vacuumedPending}`);
  report(loaded);
  report(vacuumed);
  console.log(
    '\n(candidates: median and range of the explained calls; matches: of the timed calls; ' +
      'index*: read without an index condition)',
  );
  for (const { label, plans } of vacuumed.rows) {
    console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS) of recordMatches after vacuum, ${label}:\n`);
    console.log(plans[0] ?? '(no plan)');
  }
} finally {
  await scratch.drop();
}
