import { type Kysely, sql, type Transaction } from 'kysely';
import { normalizeKeyword } from '../../common/keywords';
import type { DB } from '../db/schema';
import { likeStartingWith } from './like-pattern';

/**
 * The keyword -> count summary of all videos (SPEC 3 "Video data summary"), changed in the same
 * transaction as the videos themselves so it stays exact. Keywords are counted by their normal form.
 */
export function keywordSummaryRepository(db: Kysely<DB> | Transaction<DB>) {
  return {
    /** Counts the keywords of a video that appeared (+1) or went away (-1). */
    async change(keywords: readonly string[], delta: 1 | -1): Promise<void> {
      const byKey = new Map(keywords.map((keyword) => [normalizeKeyword(keyword), keyword]));
      for (const [keyword, label] of byKey) {
        if (!keyword) continue;
        await db
          .insertInto('keyword_summary')
          .values({ keyword, label, count: Math.max(delta, 0) })
          .onConflict((oc) =>
            oc.column('keyword').doUpdateSet({ count: sql`keyword_summary.count + ${delta}` }),
          )
          .execute();
      }
      if (delta < 0) await db.deleteFrom('keyword_summary').where('count', '<=', 0).execute();
    },

    /** How many videos have each of these keywords (normal forms); one no video has is left out. */
    async counts(keywords: readonly string[]): Promise<Map<string, number>> {
      if (keywords.length === 0) return new Map();
      const rows = await db
        .selectFrom('keyword_summary')
        .select(['keyword', 'count'])
        .where('keyword', 'in', keywords)
        .execute();
      return new Map(rows.map((row) => [row.keyword, row.count]));
    },

    /** The most used keywords, most used first. */
    top(limit: number) {
      return db
        .selectFrom('keyword_summary')
        .select(['keyword', 'label', 'count'])
        .orderBy('count', 'desc')
        .orderBy('keyword')
        .limit(limit)
        .execute();
    },

    /**
     * Keywords whose normal form starts with `prefix` (already normal), most used first; the
     * text_pattern_ops index finds them by prefix whatever the collation.
     */
    startingWith(prefix: string, limit: number) {
      const pattern = likeStartingWith(prefix);
      return db
        .selectFrom('keyword_summary')
        .select(['keyword', 'label', 'count'])
        .where('keyword', 'like', pattern)
        .orderBy('count', 'desc')
        .orderBy('keyword')
        .limit(limit)
        .execute();
    },
  };
}
