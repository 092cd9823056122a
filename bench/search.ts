/**
 * Search latency on generated data (issue 8): keyword search (one rare, one common, two keywords),
 * full-text words, the second page, and keyword suggestions, through the same repositories the routes
 * use; p50 and p95 of sequential calls, and each as a ratio to a `select 1` round trip measured in the
 * same run (the machine is shared: ratios hold where absolute times drift).
 *
 *   node --import tsx bench/search.ts                          embedded (PGlite), BENCH_EMBEDDED_VIDEOS rows
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/search.ts
 *                                                   adds PostgreSQL on a scratch database, dropped after
 *
 * BENCH_VIDEOS (default 1,000,000) sets the PostgreSQL rows, BENCH_EMBEDDED_VIDEOS (default 100,000)
 * the embedded ones; BENCH_SKIP_EMBEDDED=1 runs PostgreSQL only.
 */
import { sql } from 'kysely';
import { PUBLIC_VIDEO_STATUSES } from '../common/video-status';
import { type Database, openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { keywordSummaryRepository } from '../server/repositories/keyword-summary.repository';
import { videoSearchRepository } from '../server/repositories/video-search.repository';
import { openScratchDatabase } from './scratch-database';
import { loadVideos, vocabulary } from './search-data';

const VOCABULARY = 4000;
const RUNS = 200;
const log = (line: string) => console.error(line);

/** A deterministic choice, so every engine gets the same queries. */
function chooser(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

async function latencies(run: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 20; i++) await run(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await run(i);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { p50: at(0.5), p95: at(0.95) };
}

async function measure(database: Database, videos: number) {
  const words = vocabulary(VOCABULARY);
  const started = Date.now();
  await migrateToLatest(database.db);
  await loadVideos(database, videos, words, log);
  log(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const search = videoSearchRepository(database.db);
  const suggestions = keywordSummaryRepository(database.db);
  const pick = chooser(42);
  const common = () => words[pick(5)] as string; // ranks 1-5: each on roughly a tenth of the videos
  const middle = () => words[20 + pick(80)] as string;
  const rare = () => words[2000 + pick(1999)] as string; // a few hundred videos each
  const query = (keywords: string[], q: string[] = []) => ({
    keywords,
    words: [...keywords, ...q],
    statuses: PUBLIC_VIDEO_STATUSES,
    privacy: 'public',
    filters: null,
    limit: 12,
    after: null,
  });
  const run = (keywords: string[], q: string[] = []) => search.search(query(keywords, q));
  // The second pages' cursors are found before timing, so only the second page is measured.
  const seconds: Parameters<typeof search.search>[0][] = [];
  for (let i = 0; i < 40; i++) {
    const keyword = common();
    const last = (await run([keyword]))[11];
    if (last) seconds.push({ ...query([keyword]), after: { tier: last.tier, id: last.id } });
  }
  const secondPage = (i: number) => search.search(seconds[i % seconds.length] as (typeof seconds)[number]);
  const cases: [string, (i: number) => Promise<unknown>][] = [
    ['baseline: select 1', () => sql`select 1`.execute(database.db)],
    ['1 keyword, rare', () => run([rare()])],
    ['1 keyword, common', () => run([common()])],
    ['2 keywords, common + middle', () => run([common(), middle()])],
    ['2 keywords, rare + common', () => run([rare(), common()])],
    ['full text only, 1 word (middle)', () => run([], [middle()])],
    ['full text only, 2 words (common + rare)', () => run([], [common(), rare()])],
    ['1 keyword, common, page 2', (i) => secondPage(i)],
    ['suggestions, 1 letter', () => suggestions.startingWith((rare() as string).slice(0, 1), 20)],
    ['suggestions, 2 letters', () => suggestions.startingWith((rare() as string).slice(0, 2), 20)],
    ['suggestions, 3 letters', () => suggestions.startingWith((middle() as string).slice(0, 3), 20)],
  ];
  const results: [string, { p50: number; p95: number }][] = [];
  for (const [label, body] of cases) {
    results.push([label, await latencies(body)]);
    log(`  ${label}`);
  }
  return results;
}

function report(title: string, videos: number, results: [string, { p50: number; p95: number }][]) {
  const [, baseline] = results[0] as [string, { p50: number; p95: number }];
  console.log(
    `\n${title}: ${videos.toLocaleString('en')} videos, ${VOCABULARY} words, ${RUNS} sequential calls\n`,
  );
  console.log('| query | p50 ms | p95 ms | p50 / select 1 | p95 / select 1 |');
  console.log('|---|---|---|---|---|');
  for (const [label, { p50, p95 }] of results) {
    console.log(
      `| ${label} | ${p50.toFixed(2)} | ${p95.toFixed(2)} | ${(p50 / baseline.p50).toFixed(1)} | ${(p95 / baseline.p95).toFixed(1)} |`,
    );
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const videos = Number(process.env.BENCH_VIDEOS ?? 1_000_000);
  const scratch = await openScratchDatabase(pgUrl, 'search', 4);
  const { name, database } = scratch;
  try {
    log(`PostgreSQL: ${name}`);
    report('PostgreSQL', videos, await measure(database, videos));
  } finally {
    await scratch.drop();
  }
}
if (!process.env.BENCH_SKIP_EMBEDDED) {
  const videos = Number(process.env.BENCH_EMBEDDED_VIDEOS ?? 100_000);
  const database = await openDatabase({ kind: 'embedded-memory' });
  try {
    log('PGlite (in memory)');
    report('PGlite, embedded', videos, await measure(database, videos));
  } finally {
    await database.close();
  }
}
