import { type Kysely, sql } from 'kysely';
import type { DB } from '../../server/db/schema';

/** How many publicly listed videos the keyword summary counts for a keyword (0 when it has no row). */
export async function keywordCount(db: Kysely<DB>, keyword: string) {
  const row = await db
    .selectFrom('keyword_summary')
    .select('count')
    .where('keyword', '=', keyword)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Brings the planner's statistics of the videos up to date, as autovacuum's ANALYZE does on a server. */
export async function analyzeVideos(db: Kysely<DB>): Promise<void> {
  await sql`analyze videos`.execute(db);
}
