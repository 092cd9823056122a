import type { Kysely, Transaction } from 'kysely';
import { normalizeKeyword } from '../../../common/keywords';
import { isPubliclyListed } from '../../policies/video.policy';
import type { DB } from '../schema';

/**
 * The keyword summary counts only publicly listed videos (public status and privacy `public`); before,
 * it counted every video from its submission. Rebuilds it from the videos under the new rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildKeywordSummary(db as unknown as Kysely<DB>);
}

/** Nothing to undo: the old counts included hidden videos and are not worth restoring. */
export async function down(): Promise<void> {}

/**
 * Replaces the summary with the counts of the publicly listed videos' keywords, keyed by their normal
 * form. Each video counts a keyword once; the label is the one the first counted video (oldest first)
 * gave, as the summary's `change` keeps the label of the row's first insert. Run it in a transaction (the
 * migrator runs each migration in one) so no write falls between the read and the replacement.
 */
export async function rebuildKeywordSummary(db: Kysely<DB> | Transaction<DB>): Promise<void> {
  const counts = new Map<string, { label: string; count: number }>();
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('videos')
      .select(['id', 'created_at', 'status', 'privacy', 'keywords'])
      .orderBy('created_at')
      .orderBy('id')
      .limit(1000);
    if (after) {
      const { createdAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '>', createdAt),
          eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)]),
        ]),
      );
    }
    const videos = await query.execute();
    for (const video of videos) {
      if (!isPubliclyListed(video)) continue;
      // As `change` does: one label per normal form within a video (the last spelling of it).
      const byKey = new Map(video.keywords.map((keyword) => [normalizeKeyword(keyword), keyword]));
      for (const [keyword, label] of byKey) {
        if (!keyword) continue;
        const entry = counts.get(keyword);
        if (entry) entry.count += 1;
        else counts.set(keyword, { label, count: 1 });
      }
    }
    if (videos.length < 1000) break;
    const last = videos[videos.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
  await db.deleteFrom('keyword_summary').execute();
  const rows = [...counts].map(([keyword, { label, count }]) => ({ keyword, label, count }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('keyword_summary')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
