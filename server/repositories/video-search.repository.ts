import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { PlaceFilter, SearchFilters } from '../../common/contracts/search';
import type { DB } from '../db/schema';
import { boundingBox, distanceKm } from './geo-sql';
import { type VideoCardRow, videoCards, visibleVideos } from './videos.repository';

/**
 * How well a video matches, best first: it carries every chosen keyword (0), every word is in its title
 * (1), or every word is in its title or description (2). Within a tier the newest come first, so each
 * tier is a keyset page on (created_at, id) that the indexes answer without sorting all matches, and
 * a tier is read only when the ones before it did not fill the page.
 */
export type SearchTier = 0 | 1 | 2;

export interface SearchPosition {
  tier: SearchTier;
  id: string;
}

export interface VideoSearch {
  /** Keywords in their normal form; a video must carry all of them. */
  keywords: string[];
  /** Folded words (see `searchWords`) looked for in titles and descriptions. */
  words: string[];
  /** The statuses the caller may see; all when undefined (staff). */
  statuses: readonly string[] | undefined;
  /** Only videos of this privacy (`public` for everyone but staff); any when undefined. */
  privacy: string | undefined;
  /** Where and when it was filmed; with no keywords and no words, the filters alone choose. */
  filters: SearchFilters | null;
  limit: number;
  after: SearchPosition | null;
}

/**
 * Filmed within the circle: the bounding box first (a range of the `videos_shot_place` index, across the
 * 180th meridian in two parts), then the great-circle distance of what is left.
 */
function withinCircle(circle: PlaceFilter): RawBuilder<unknown> {
  const { south, north, west, east } = boundingBox(circle);
  const box = [sql`videos.shot_lat between ${south} and ${north}`];
  if (west < -180) box.push(sql`(videos.shot_lng >= ${west + 360} or videos.shot_lng <= ${east})`);
  else if (east > 180) box.push(sql`(videos.shot_lng >= ${west} or videos.shot_lng <= ${east - 360})`);
  else if (west > -180 || east < 180) box.push(sql`videos.shot_lng between ${west} and ${east}`);
  const shot = { lat: sql`videos.shot_lat`, lng: sql`videos.shot_lng` };
  return sql.join([...box, sql`${distanceKm(shot, circle)} <= ${circle.radiusKm}`], sql` and `);
}

/** The conditions of the filters, all to hold. */
function filterConditions(filters: SearchFilters | null): RawBuilder<unknown>[] {
  if (!filters) return [];
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.near) conditions.push(withinCircle(filters.near));
  if (filters.shotFrom) conditions.push(sql`videos.date >= ${filters.shotFrom}::date`);
  if (filters.shotTo) conditions.push(sql`videos.date <= ${filters.shotTo}::date`);
  return conditions;
}

const CONFIGS = ['simple', 'english', 'greek'] as const;

/**
 * The query of every word, as written or by its English or Greek stem: `(coast | coasts) & (storm)`.
 * Worked out by the database first (its dictionaries stem), with each word's alternatives made distinct,
 * then sent as a constant: the planner estimates a match from each lexeme's frequency, and the repeated
 * `coast | coast | coast` that the three dictionaries give for most words tripled its estimate, so it
 * walked the newest-first index through tens of thousands of rows where the text index finds a few hundred.
 */
export async function wordsQueryText(db: Kysely<DB>, words: string[]): Promise<string | null> {
  // Words hold letters and digits only (searchWords), so they are safe inside to_tsquery's syntax.
  const alternatives = sql.join(
    CONFIGS.map((config) => sql`to_tsquery(${sql.lit(config)}::regconfig, w)::text`),
  );
  const { rows } = await sql<{ query: string | null }>`
    select string_agg('(' || alternatives || ')', ' & ' order by n) as query
    from unnest(${words}::text[]) with ordinality as given(w, n),
    lateral (select string_agg(distinct alternative, ' | ') as alternatives
             from unnest(array[${alternatives}]) alternative where alternative <> '') each
    where alternatives is not null`.execute(db);
  return rows[0]?.query ?? null;
}

/**
 * The share of videos whose text holds each of these lexemes, as the planner's statistics of the text
 * column have it (ANALYZE keeps the most common ones with their frequencies). A lexeme it does not list
 * is left out: rarer than every listed one, or no statistics yet.
 */
export async function lexemeShares(db: Kysely<DB>, lexemes: readonly string[]): Promise<Map<string, number>> {
  if (lexemes.length === 0) return new Map();
  // most_common_elem_freqs ends with three figures of its own (lowest, highest, nulls): unnest pairs them
  // with no lexeme, and the filter drops them.
  const { rows } = await sql<{ lexeme: string; share: number }>`
    select e.lexeme, e.share from pg_stats s,
      unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(lexeme, share)
    where s.schemaname = current_schema() and s.tablename = 'videos' and s.attname = 'search_vector'
      and e.lexeme = any(${lexemes}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.lexeme, Number(row.share)]));
}

async function wordsQuery(db: Kysely<DB>, words: string[]): Promise<RawBuilder<unknown>> {
  return sql`${(await wordsQueryText(db, words)) ?? ''}::tsquery`;
}

export function videoSearchRepository(db: Kysely<DB>) {
  return {
    /** One page (one row more than asked, to know whether another follows) of matching videos. */
    async search(search: VideoSearch) {
      const { keywords, words, statuses, privacy, filters, limit, after } = search;
      const keywordMatch =
        keywords.length > 0 ? sql`videos.keywords_normalized @> ${keywords}::text[]` : null;
      const query = words.length > 0 ? await wordsQuery(db, words) : null;
      const titleMatch = query ? sql`videos.title_vector @@ ${query}` : null;
      const textMatch = query ? sql`videos.search_vector @@ ${query}` : null;
      const tiers: Array<{
        tier: SearchTier;
        match: RawBuilder<unknown> | null;
        better: RawBuilder<unknown>[];
      }> = [
        { tier: 0, match: keywordMatch, better: [] },
        { tier: 1, match: titleMatch, better: keywordMatch ? [keywordMatch] : [] },
        { tier: 2, match: textMatch, better: [keywordMatch, titleMatch].filter((m) => m !== null) },
      ];
      // Filters alone: one tier of every video that passes them, newest first.
      if (!keywordMatch && !query) tiers[0] = { tier: 0, match: sql`true`, better: [] };
      // One tier after the other, each asked only for what the page still needs: a page that the
      // keyword matches fill never pays for the description tier, the costliest to check row by row.
      const rows: SearchRow[] = [];
      for (const { tier, match, better } of tiers) {
        const wanted = limit + 1 - rows.length;
        if (match === null || wanted <= 0 || (after && tier < after.tier)) continue;
        const conditions = [match, visibleVideos({ statuses, privacy }), ...filterConditions(filters)];
        for (const condition of better) conditions.push(sql`not (${condition})`);
        if (after && after.tier === tier) {
          conditions.push(
            sql`(videos.created_at, videos.id) < (select c.created_at, c.id from videos c where c.id = ${after.id})`,
          );
        }
        const found = await videoCards(db)
          .select(sql<SearchTier>`${sql.lit(tier)}::int`.as('tier'))
          .where(sql<boolean>`${sql.join(conditions, sql` and `)}`)
          .orderBy('videos.created_at', 'desc')
          .orderBy('videos.id', 'desc')
          // A whole page, not only what is missing: with "limit 1" the planner bets on the first rows of
          // the newest-first index matching and walks thousands of rows where the text index finds them.
          .limit(limit + 1)
          .execute();
        rows.push(...found.slice(0, wanted));
      }
      return rows;
    },
  };
}

/** A card, and the tier it matched in (the next page's cursor holds it). */
export type SearchRow = VideoCardRow & { tier: SearchTier };
