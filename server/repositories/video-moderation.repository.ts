import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** Review and status changes of videos (SPEC 4.1): the queue, the recorded history, the status itself. */
export function videoModerationRepository(db: Kysely<DB> | Transaction<DB>) {
  return {
    /**
     * The video's status, owner, keywords and privacy, locked until the transaction ends, so two changes
     * never cross and the keyword summary is moved from the status the video really had.
     */
    lockStatus(videoId: string) {
      return db
        .selectFrom('videos')
        .select(['id', 'status', 'user_id', 'keywords', 'privacy'])
        .where('id', '=', videoId)
        .forUpdate()
        .executeTakeFirst();
    },

    async setStatus(videoId: string, status: string): Promise<void> {
      await db.updateTable('videos').set({ status }).where('id', '=', videoId).execute();
    },

    /** One status change; `changedBy` null: the system (publishing, the removal check), not a person. */
    recordChange(change: {
      videoId: string;
      changedBy: string | null;
      from: string;
      to: string;
      reason: string | null;
      /** A decline's reason of the list. */
      reasonCode?: string | null;
    }) {
      return db
        .insertInto('video_status_changes')
        .values({
          video_id: change.videoId,
          changed_by: change.changedBy,
          automatic: change.changedBy === null,
          from_status: change.from,
          to_status: change.to,
          reason: change.reason,
          reason_code: change.reasonCode ?? null,
          // The time of this statement, not of the transaction's start (now()): a change that waited for
          // the row lock may have begun before the one it waited for, and the history would list it first.
          // And never before the video's last change: two changes of one transaction (approved, then
          // ready) can read the same clock on a coarse one (the embedded database's), and would tie.
          changed_at: sql<Date>`greatest(clock_timestamp(), (
            select max(p.changed_at) + interval '1 microsecond' from video_status_changes p
            where p.video_id = ${change.videoId}
          ))`,
        })
        .returning(['id', 'changed_at'])
        .executeTakeFirstOrThrow();
    },

    /** Every change of one video, oldest first, with who made it. */
    history(videoId: string) {
      return db
        .selectFrom('video_status_changes as c')
        .leftJoin('users', 'users.id', 'c.changed_by')
        .select([
          'c.id',
          'c.from_status',
          'c.to_status',
          'c.reason',
          'c.reason_code',
          'c.automatic',
          'c.changed_at',
          'users.id as user_id',
          'users.name as user_name',
        ])
        .where('c.video_id', '=', videoId)
        .orderBy('c.changed_at')
        .orderBy('c.id')
        .execute();
    },

    /** The video's last decline: the reason of the list and the words, if it was ever declined. */
    lastDecline(videoId: string) {
      return db
        .selectFrom('video_status_changes')
        .select(['reason_code', 'reason'])
        .where('video_id', '=', videoId)
        .where('to_status', '=', 'declined')
        .orderBy('changed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Videos waiting for review (these statuses), oldest first, keyset-paged on (created_at, id). */
    queue(options: { statuses: readonly string[]; limit: number; afterId: string | null }) {
      let query = db
        .selectFrom('videos')
        .innerJoin('users', 'users.id', 'videos.user_id')
        .select([
          'videos.id',
          'videos.title',
          'videos.description',
          'videos.keywords',
          'videos.status',
          'videos.created_at',
          'videos.duration',
          'videos.thumbnail',
          'videos.path',
          'videos.signature_path',
          'videos.agreement_version',
          'videos.sha256',
          'videos.owner_name',
          'videos.owner_email',
          'videos.owner_phone',
          'videos.owner_country',
          'videos.owner_dob',
          'videos.owner_instagram',
          'users.id as user_id',
          'users.name as user_name',
          'users.email as user_email',
        ])
        .where('videos.status', 'in', options.statuses)
        .orderBy('videos.created_at')
        .orderBy('videos.id')
        .limit(options.limit + 1);
      if (options.afterId) {
        query = query.where(
          sql<boolean>`(videos.created_at, videos.id) > (select v.created_at, v.id from videos v where v.id = ${options.afterId})`,
        );
      }
      return query.execute();
    },

    /** The earliest video of each content hash: the original that later copies duplicate. */
    async originals(hashes: readonly string[]) {
      if (hashes.length === 0) return [];
      return db
        .selectFrom('videos')
        .innerJoin('users', 'users.id', 'videos.user_id')
        .select([
          'videos.sha256',
          'videos.id',
          'videos.title',
          'users.id as user_id',
          'users.name as user_name',
        ])
        .distinctOn('videos.sha256')
        .where('videos.sha256', 'in', hashes)
        .orderBy('videos.sha256')
        .orderBy('videos.created_at')
        .orderBy('videos.id')
        .execute();
    },
  };
}
