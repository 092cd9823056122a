import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';

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
      const keywordMatch = keywords.length > 0 ? sql`v.keywords_normalized @> ${keywords}::text[]` : null;
      const titleMatch = words.length > 0 ? sql`v.title_vector @@ (${wordsQuery(words)})` : null;
      const textMatch = words.length > 0 ? sql`v.search_vector @@ (${wordsQuery(words)})` : null;
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
        const conditions = [match];
        if (statuses) conditions.push(sql`v.status = any(${statuses as string[]}::text[])`);
        if (privacy) conditions.push(sql`v.privacy = ${privacy}`);
        for (const condition of better) conditions.push(sql`not (${condition})`);
        if (after && after.tier === tier) {
          conditions.push(
            sql`(v.created_at, v.id) < (select c.created_at, c.id from videos c where c.id = ${after.id})`,
          );
        }
        const found = await sql<SearchRow>`
          select ${sql.lit(tier)}::int as tier, v.id, v.title, v.thumbnail, v.youtube_id, v.duration,
            v.status, v.processing_error, v.created_at, users.id as user_id, users.name as user_name,
            referrers.id as referrer_id, referrers.name as referrer_name, v.edit_date,
            editors.id as editor_id, editors.name as editor_name
          from videos v
          join users on users.id = v.user_id
          left join users referrers on referrers.id = users.referrer_id
          left join users editors on editors.id = v.edit_author_id
          where ${sql.join(conditions, sql` and `)}
          order by v.created_at desc, v.id desc
          limit ${wanted}`.execute(db);
        rows.push(...found.rows);
      }
      return rows;
    },
  };
}

export interface SearchRow {
  tier: SearchTier;
  id: string;
  title: string;
  thumbnail: string | null;
  youtube_id: string | null;
  duration: string | null;
  status: string;
  processing_error: string | null;
  created_at: Date;
  user_id: string;
  user_name: string;
  referrer_id: string | null;
  referrer_name: string | null;
  edit_date: Date | null;
  editor_id: string | null;
  editor_name: string | null;
}
