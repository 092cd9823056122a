/**
 * The data of the standing requests' bench (bench/standing-requests.ts): the vocabulary's queries, a
 * library of videos whose text statistics choose each request's word, 100,000 requests derived in SQL
 * as `searchValues` stores a search (checked against the app's own functions), and the videos matched.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../server/db/schema';
import { boundingBox } from '../server/repositories/geo-sql';
import { keywordSummaryRepository } from '../server/repositories/keyword-summary.repository';
import { lexemeShares, wordsQueryText } from '../server/repositories/video-search.repository';
import {
  anchorKeyword,
  anchorLexemes,
  quotedLexemes,
} from '../server/services/standing-requests/request-anchors';

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
/** Videos already there, whose text statistics choose each request's anchor word. */
export const LIBRARY = Number(process.env.BENCH_LIBRARY ?? 20_000);
export const VOCABULARY = 4000;
const MEMBERS = 300;
/** Where most place requests are: Athens first (the busy video's place). */
export const HOTSPOTS = [
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

/** Each word's query text as the app builds it, and the lexemes quoted in it (as `searchValues`). */
export async function loadWords(db: Kysely<DB>, words: string[]) {
  const queries: string[] = [];
  const lexemes: string[] = [];
  for (const word of words) {
    const query = (await wordsQueryText(db, [word])) ?? '';
    queries.push(query);
    lexemes.push(quotedLexemes(query).join(' '));
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
export async function loadLibrary(db: Kysely<DB>, words: string[]) {
  await makeVideos(db, 'library', LIBRARY, kinds(words)[0]!);
  await sql`analyze videos`.execute(db);
  await sql`
    create unlogged table bench_shares as
    select e.lexeme, e.share from pg_stats s,
      unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(lexeme, share)
    where s.tablename = 'videos' and s.attname = 'search_vector' and e.lexeme is not null`.execute(db);
}

/** The requests' random draws, one row each; the request rows are derived from them in one insert. */
export async function loadRequests(db: Kysely<DB>) {
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
export async function checkRequests(db: Kysely<DB>) {
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

export interface VideoKind {
  label: string;
  keywords: RawBuilder<unknown>;
  word: RawBuilder<unknown>;
  location: RawBuilder<unknown>;
  date: RawBuilder<unknown>;
}

/** `count` licensable videos of a kind, ids `prefix-1`..., the search columns as `searchColumns` sets them. */
export async function makeVideos(db: Kysely<DB>, prefix: string, count: number, kind: VideoKind) {
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

export function kinds(words: string[]): VideoKind[] {
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
