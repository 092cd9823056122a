import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
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
  limit: number;
  after: SearchPosition | null;
}

const CONFIGS = ['simple', 'english', 'greek'] as const;

/** Every word, as written or by its English or Greek stem. */
function wordsQuery(words: string[]): RawBuilder<unknown> {
  const perWord = words.map((word) => {
    // Words hold letters and digits only (searchWords), so they are safe inside to_tsquery's syntax.
    const alternatives = CONFIGS.map((config) => sql`to_tsquery(${sql.lit(config)}::regconfig, ${word})`);
    return sql`(${sql.join(alternatives, sql` || `)})`;
  });
  return sql.join(perWord, sql` && `);
}

export function videoSearchRepository(db: Kysely<DB>) {
  return {
    /** One page (one row more than asked, to know whether another follows) of matching videos. */
    async search(search: VideoSearch) {
      const { keywords, words, statuses, privacy, limit, after } = search;
      const keywordMatch =
        keywords.length > 0 ? sql`videos.keywords_normalized @> ${keywords}::text[]` : null;
      const titleMatch = words.length > 0 ? sql`videos.title_vector @@ (${wordsQuery(words)})` : null;
      const textMatch = words.length > 0 ? sql`videos.search_vector @@ (${wordsQuery(words)})` : null;
      const tiers: Array<{
        tier: SearchTier;
        match: RawBuilder<unknown> | null;
        better: RawBuilder<unknown>[];
      }> = [
        { tier: 0, match: keywordMatch, better: [] },
        { tier: 1, match: titleMatch, better: keywordMatch ? [keywordMatch] : [] },
        { tier: 2, match: textMatch, better: [keywordMatch, titleMatch].filter((m) => m !== null) },
      ];
      // One tier after the other, each asked only for what the page still needs: a page that the
      // keyword matches fill never pays for the description tier, the costliest to check row by row.
      const rows: SearchRow[] = [];
      for (const { tier, match, better } of tiers) {
        const wanted = limit + 1 - rows.length;
        if (match === null || wanted <= 0 || (after && tier < after.tier)) continue;
        const conditions = [match, visibleVideos({ statuses, privacy })];
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
          .limit(wanted)
          .execute();
        rows.push(...found);
      }
      return rows;
    },
  };
}

/** A card, and the tier it matched in (the next page's cursor holds it). */
export type SearchRow = VideoCardRow & { tier: SearchTier };
