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
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { LICENSABLE_STATUSES } from '../common/video-status';
import { migrateToLatest } from '../server/db/migrate';
import type { DB } from '../server/db/schema';
import { boundingBox } from '../server/repositories/geo-sql';
import { keywordSummaryRepository } from '../server/repositories/keyword-summary.repository';
import { standingRequestMatchingRepository } from '../server/repositories/standing-request-matching.repository';
import { lexemeShares, wordsQueryText } from '../server/repositories/video-search.repository';
import {
  anchorKeyword,
  anchorLexemes,
  quotedLexemes,
} from '../server/services/standing-requests/request-anchors';
import { openScratchDatabase } from './scratch-database';
import { vocabulary } from './search-data';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
/** Videos already there, whose text statistics choose each request's anchor word. */
const LIBRARY = Number(process.env.BENCH_LIBRARY ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARM_UP = 10;
const EXPLAINED = 5;
const VOCABULARY = 4000;
const MEMBERS = 300;
const TARGET_MS = 50;
const LICENSABLE = { statuses: LICENSABLE_STATUSES, privacy: 'public' };
/** Where most place requests are: Athens first (the busy video's place). */
const HOTSPOTS = [
  [37.98, 23.73],
  [41.9, 12.5],
  [41.39, 2.17],
  [48.86, 2.35],
  [34.68, 33.04],
  [41.01, 28.98],
  [43.7, 7.27],
  [42.65, 18.09],
  [38.72, -9.14],
  [52.52, 13.4],
] as const;
const log = (line: string) => console.error(line);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Each word's query text as the app builds it, and the lexemes quoted in it (as `searchValues`). */
async function loadWords(db: Kysely<DB>, words: string[]) {
  const queries: string[] = [];
  const lexemes: string[] = [];
  for (const word of words) {
    const query = (await wordsQueryText(db, [word])) ?? '';
    queries.push(query);
    lexemes.push([...new Set([...query.matchAll(/'([^']+)'/g)].map((m) => m[1]))].join(' '));
  }
  await sql`
    create unlogged table bench_words as
    select rank::int, word, query, string_to_array(lexemes, ' ') as lexemes
    from unnest(${words}::text[], ${queries}::text[], ${lexemes}::text[]) with ordinality
      as w(word, query, lexemes, rank)`.execute(db);
}

/**
 * A library of `LIBRARY` videos of Zipf-like text, analyzed: the text statistics `anchorLexemes` reads
 * (`lexemeShares`), kept in `bench_shares` for the requests' insert.
 */
async function loadLibrary(db: Kysely<DB>, words: string[]) {
  await makeVideos(db, 'library', LIBRARY, kinds(words)[0]!);
  await sql`analyze videos`.execute(db);
  await sql`
    create unlogged table bench_shares as
    select e.lexeme, e.share from pg_stats s,
      unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(lexeme, share)
    where s.tablename = 'videos' and s.attname = 'search_vector' and e.lexeme is not null`.execute(db);
}

/** The requests' random draws, one row each; the request rows are derived from them in one insert. */
async function loadRequests(db: Kysely<DB>) {
  await sql`
    insert into users (id, name, email)
    select 'bench-member-' || n, 'Member ' || n, 'member' || n || '@example.com'
    from generate_series(1, ${MEMBERS}) n`.execute(db);
  // slot (g % 20): 0-9 keywords or words, 10-14 a place, 15-17 days, 18-19 keywords with a place or days.
  await sql`
    create unlogged table bench_plan as
    select g, g % 20 as slot, random() < 0.1 as paused, random() < 0.7 as as_keywords,
      random() < 0.6 as hot, 1 + floor(random() * ${HOTSPOTS.length})::int as spot,
      random() as u_lat, random() as u_lng, random() as u_radius, random() < 0.5 as summer,
      random() as u_day, random() as u_length, random() as u_combined, random() < 0.3 as both,
      case when g % 20 < 10 then 1 + floor(random() * 3)::int when g % 20 >= 18 then 1 + floor(random() * 2)::int
           else 0 end as word_count
    from generate_series(1, ${REQUESTS}) g`.execute(db);
  const lats = HOTSPOTS.map(([lat]) => lat);
  const lngs = HOTSPOTS.map(([, lng]) => lng);
  await sql`
    insert into standing_requests (user_id, name, frequency, paused, keywords, keywords_normalized, q,
      words_query, lexemes, near_lat, near_lng, radius_km, area, shot_from, shot_to, created_at)
    select 'bench-member-' || (1 + p.g % ${MEMBERS}), 'Request ' || p.g,
      case when p.g % 4 = 0 then 'daily' else 'instant' end, p.paused,
      case when p.as_keywords then coalesce(t.words, '{}') else '{}' end,
      case when p.as_keywords then coalesce(t.words, '{}') else '{}' end,
      case when p.as_keywords then '' else coalesce(array_to_string(t.words, ' '), '') end,
      t.query::tsquery, coalesce(t.lexemes, '{}'),
      c.lat, c.lng, c.radius_km,
      -- boundingBox(), written as searchValues writes it: (east,north),(west,south); below 61 degrees
      -- north and within 200 km, its cases of a pole and of every longitude do not arise
      case when c.lat is not null then format('(%s,%s),(%s,%s)',
        c.lng + b.lng_span, c.lat + s.lat_span, c.lng - b.lng_span, c.lat - s.lat_span)::box end,
      d.shot_from, least(d.shot_from + floor(p.u_length ^ 2 * 90)::int, date '2026-12-31'),
      now() - p.g * interval '1 minute'
    from bench_plan p
    cross join lateral (select p.slot between 10 and 14 or (p.slot >= 18 and p.u_combined < 0.6) as has_place,
      p.slot between 15 and 17 or (p.slot >= 18 and (p.u_combined >= 0.6 or p.both)) as has_days) f
    left join lateral (
      select array_agg(w.word order by r.i) as words, string_agg(w.query, ' & ' order by r.i) as query,
        -- anchorLexemes(): the forms of the word fewest videos hold (its forms' shares summed), then of
        -- equals the one whose shortest form is longest, then the first
        (select x.lexemes from unnest(array_agg(w.rank order by r.i)) with ordinality as o(rank, n)
         join bench_words x using (rank) where cardinality(x.lexemes) > 0
         order by (select coalesce(sum(s.share), 0) from unnest(x.lexemes) l
                   left join bench_shares s on s.lexeme = l),
                  (select min(length(l)) from unnest(x.lexemes) l) desc, o.n limit 1) as lexemes
      from (select rank, min(i) as i
            from (select floor(exp(random() * ln(${VOCABULARY}))) ::int + 0 * p.g as rank, i
                  from generate_series(1, p.word_count) i) draws group by rank) r
      join bench_words w using (rank)) t on p.word_count > 0
    cross join lateral (select
      case when not f.has_place then null when p.hot then (${lats}::float8[])[p.spot] + (p.u_lat - 0.5)
           else 35 + 25 * p.u_lat end as lat,
      case when not f.has_place then null when p.hot then (${lngs}::float8[])[p.spot] + (p.u_lng - 0.5) * 1.4
           else -10 + 46 * p.u_lng end as lng,
      case when f.has_place then round(5 + 195 * p.u_radius ^ 2) end as radius_km) c
    cross join lateral (select c.radius_km / (pi() * 6371 / 180) as lat_span) s
    cross join lateral (select c.radius_km / (pi() * 6371 / 180 * cos(radians(least(abs(c.lat) + s.lat_span, 90))))
      as lng_span) b
    cross join lateral (select case when not f.has_days then null
      when p.summer then make_date(2024 + p.g % 3, 6, 1) + floor(p.u_day * 92)::int
      else date '2024-01-01' + floor(p.u_day * 1096)::int end as shot_from) d`.execute(db);
  await sql`drop table bench_plan`.execute(db);
  // The library's keyword counts follow the law the draws do (rank r about 1/r of the videos), as a
  // million videos' would; then anchorKeyword(), as migration 0040 applies it to requests saved before.
  await sql`
    insert into keyword_summary (keyword, label, count)
    select word, word, ceil(1000000.0 / rank)::int from bench_words`.execute(db);
  await sql`
    update standing_requests r set anchor_keyword = (
      select k.keyword from unnest(r.keywords_normalized) as k(keyword)
        left join keyword_summary s on s.keyword = k.keyword
      order by coalesce(s.count, 0), k.keyword limit 1)
    where cardinality(keywords_normalized) > 0`.execute(db);
  await sql`analyze`.execute(db);
}

/**
 * Stored rows against the app's own functions: the words' query and lexemes, the circle's box, the anchor
 * keyword.
 */
async function checkRequests(db: Kysely<DB>) {
  const texts = await sql<{ words: string[]; query: string; lexemes: string[] }>`
    select case when cardinality(keywords) > 0 then keywords else string_to_array(q, ' ') end as words,
      words_query::text as query, lexemes
    from standing_requests where words_query is not null order by md5(id) limit 25`.execute(db);
  for (const row of texts.rows) {
    const text = (await wordsQueryText(db, row.words)) ?? '';
    const expected = await sql<{ query: string }>`select ${text}::tsquery::text as query`.execute(db);
    const lexemes = anchorLexemes(text, await lexemeShares(db, quotedLexemes(text))).sort();
    if (expected.rows[0]?.query !== row.query || lexemes.join() !== [...row.lexemes].sort().join()) {
      throw new Error(`words of ${row.words.join(' ')}: stored ${row.query} ${row.lexemes}, app ${text}`);
    }
  }
  const places = await sql<{ lat: number; lng: number; km: number; area: string }>`
    select near_lat as lat, near_lng as lng, radius_km as km, area::text as area
    from standing_requests where area is not null order by md5(id) limit 25`.execute(db);
  for (const row of places.rows) {
    const box = boundingBox({ lat: row.lat, lng: row.lng, radiusKm: row.km });
    const text = `(${box.east},${box.north}),(${box.west},${box.south})`;
    const { rows } = await sql<{ same: boolean }>`select ${text}::box ~= ${row.area}::box as same`.execute(
      db,
    );
    if (!rows[0]?.same)
      throw new Error(`box of ${row.lat},${row.lng} ${row.km} km: ${row.area}, app ${text}`);
  }
  const anchored = await sql<{ keywords: string[]; anchor: string }>`
    select keywords_normalized as keywords, anchor_keyword as anchor
    from standing_requests where cardinality(keywords_normalized) > 1 order by md5(id) limit 25`.execute(db);
  for (const row of anchored.rows) {
    const app = anchorKeyword(row.keywords, await keywordSummaryRepository(db).counts(row.keywords));
    if (app !== row.anchor) throw new Error(`anchor of ${row.keywords.join(' ')}: ${row.anchor}, app ${app}`);
  }
  return { words: texts.rows.length, places: places.rows.length, anchors: anchored.rows.length };
}

interface VideoKind {
  label: string;
  keywords: RawBuilder<unknown>;
  word: RawBuilder<unknown>;
  location: RawBuilder<unknown>;
  date: RawBuilder<unknown>;
}

/** `count` licensable videos of a kind, ids `prefix-1`..., the search columns as `searchColumns` sets them. */
async function makeVideos(db: Kysely<DB>, prefix: string, count: number, kind: VideoKind) {
  await sql`
    insert into videos (id, user_id, title, description, keywords, keywords_normalized, title_folded,
      description_folded, status, privacy, location, date, created_at)
    select ${prefix} || '-' || g, 'bench-creator', t.title, t.description, t.keywords, t.keywords, t.title,
      t.description, 'ready', 'public', t.location, t.date, now()
    from generate_series(1, ${count}) g, lateral (select
      (select array_agg(distinct k) from unnest(${kind.keywords}) k where g > 0) as keywords,
      (select string_agg(${kind.word}, ' ') from generate_series(1, 3 + g % 4) i) as title,
      (select string_agg(${kind.word}, ' ') from generate_series(1, 12 + g % 20) i) as description,
      ${kind.location} as location, (${kind.date})::date as date) t`.execute(db);
  return Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
}

function kinds(words: string[]): VideoKind[] {
  const at = (rank: RawBuilder<unknown>) => sql`(${words}::text[])[${rank}]`;
  const zipf = at(sql`floor(exp(random() * ln(${words.length})))::int`);
  const uniform = (from: number, to: number) => at(sql`${from} + floor(random() * ${to - from + 1})::int`);
  const place = (lat: RawBuilder<unknown>, lng: RawBuilder<unknown>) =>
    sql`jsonb_build_object('address', 'Bench street ' || g, 'coordinates',
          jsonb_build_object('lat', ${lat}, 'lng', ${lng}), 'zoom', 13)`;
  const [athensLat, athensLng] = HOTSPOTS[0];
  return [
    {
      label: 'common keyword, ordinary place and day',
      keywords: sql`array[${at(sql`1 + g % 5`)}, ${zipf}, ${zipf}]`,
      word: zipf,
      location: place(sql`35 + 25 * random()`, sql`-10 + 46 * random()`),
      date: sql`date '2024-01-01' + floor(random() * 1096)::int`,
    },
    {
      label: 'rare words, no place, no day',
      keywords: sql`array[${uniform(2000, 3999)}, ${uniform(2000, 3999)}, ${uniform(2000, 3999)}]`,
      word: uniform(2000, 3999),
      location: sql`null::jsonb`,
      date: sql`null`,
    },
    {
      label: 'uncommon words, busy place and day',
      keywords: sql`array[${uniform(500, 3999)}, ${uniform(500, 3999)}, ${uniform(500, 3999)}]`,
      word: uniform(500, 3999),
      location: place(sql`${athensLat} + (random() - 0.5) * 0.1`, sql`${athensLng} + (random() - 0.5) * 0.1`),
      date: sql`date '2025-07-01' + floor(random() * 31)::int`,
    },
  ];
}

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
