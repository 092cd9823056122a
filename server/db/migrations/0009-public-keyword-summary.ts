import type { Kysely } from 'kysely';
import { fold } from './0006-search';

/**
 * The keyword summary counts only publicly listed videos (public status and privacy `public`); before,
 * it counted every video from its submission. Rebuilds it from the videos under the new rule.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await rebuildKeywordSummary(db);
}

/** Nothing to undo: the old counts included hidden videos and are not worth restoring. */
export async function down(): Promise<void> {}

/**
 * Replaces the summary with the counts of the publicly listed videos' keywords, keyed by their normal
 * form. Each video counts a keyword once; the label is the one the first counted video (oldest first)
 * gave, as the summary's `change` keeps the label of the row's first insert. Run it in a transaction (the
 * migrator runs each migration in one) so no write falls between the read and the replacement.
 */
export async function rebuildKeywordSummary(db: Kysely<any>): Promise<void> {
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
    const videos: VideoRow[] = await query.execute();
    for (const video of videos) {
      if (!isPubliclyListed(video)) continue;
      // As `change` does: one label per normal form within a video (the last spelling of it).
      const byKey = new Map(video.keywords.map((keyword) => [fold(keyword), keyword]));
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

// Frozen copies of the rules as they were when this migration shipped: a migration never imports live
// code, or changing that code (a new public status, another keyword fold) would change what replaying
// this one does. The keyword fold is 0006's frozen copy, unchanged since.

/** The columns read, as they were at this migration (the schema is `any` here). */
interface VideoRow {
  id: string;
  created_at: Date;
  status: string;
  privacy: string | null;
  keywords: string[];
}

/** Public statuses, both spellings (approved, YouTube and ready; not removed from YouTube). */
const PUBLIC_STATUSES = new Set([
  'approved',
  'yt_upload_retry',
  'yt_upload_error',
  'yt_uploaded',
  'ready',
  'Approved',
  'YoutubeUploadRetry',
  'YoutubeUploadError',
  'YoutubeUploaded',
  'Ready',
]);

/** A public status and privacy `public` (absent counts as public). */
function isPubliclyListed(video: { status: string; privacy: string | null }): boolean {
  return PUBLIC_STATUSES.has(video.status) && (video.privacy ?? 'public') === 'public';
}
