import { sql } from 'kysely';
import type { Executor } from './executor';

/** Rows of the index inserted per statement: 3 parameters each, well under the protocol's 65,535. */
const KEYS_PER_INSERT = 5000;

export interface FrameKeyRow {
  key: number;
  frame: number;
}

export interface CopyMatchRow {
  originalId: string;
  startsAt: number;
  endsAt: number;
  originalStartsAt: number;
  originalEndsAt: number;
  score: number;
  mirrored: boolean;
}

/**
 * Near-duplicate detection's tables (migration 0033): fingerprints, their band index, and the copy found
 * of an earlier video with what staff decided of it.
 */
export function videoFingerprintsRepository(db: Executor) {
  return {
    /** Stores a video's fingerprint and its index rows, replacing any earlier one (a reprocessed file). */
    async save(
      videoId: string,
      fingerprint: { rate: number; frames: Buffer; mirrored: Buffer; hash_version: number },
      keys: readonly FrameKeyRow[],
    ): Promise<void> {
      await db.deleteFrom('video_frame_keys').where('video_id', '=', videoId).execute();
      await db
        .insertInto('video_fingerprints')
        .values({ video_id: videoId, ...fingerprint })
        .onConflict((c) => c.column('video_id').doUpdateSet({ ...fingerprint, created_at: sql`now()` }))
        .execute();
      for (let i = 0; i < keys.length; i += KEYS_PER_INSERT) {
        await db
          .insertInto('video_frame_keys')
          .values(keys.slice(i, i + KEYS_PER_INSERT).map((row) => ({ ...row, video_id: videoId })))
          .execute();
      }
    },

    /**
     * The votes of the index for a video's lookups: each index row of another video that shares a
     * lookup's key is a vote for that video, the lookup's side and the offset between the two frames;
     * counted by the database, the `most` best (video, side, offset) with at least `least` votes.
     */
    async votes(
      lookups: { keys: number[]; frames: number[]; sides: number[] },
      exceptVideoId: string,
      options: { least: number; most: number },
    ) {
      if (lookups.keys.length === 0) return [];
      const { rows } = await sql<{ video_id: string; side: number; offset: number; votes: number }>`
        select k.video_id, q.side, k.frame - q.frame as "offset", count(*)::integer as votes
        from unnest(${sql.val(lookups.keys)}::integer[], ${sql.val(lookups.frames)}::integer[],
                    ${sql.val(lookups.sides)}::smallint[]) as q(key, frame, side)
        join video_frame_keys k on k.key = q.key
        where k.video_id <> ${exceptVideoId}
        group by k.video_id, q.side, k.frame - q.frame
        having count(*) >= ${options.least}
        order by votes desc
        limit ${options.most}`.execute(db);
      return rows;
    },

    /** The fingerprints of these videos, with when each video was created (the earlier is the original). */
    fingerprints(videoIds: readonly string[]) {
      if (videoIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('video_fingerprints as f')
        .innerJoin('videos as v', 'v.id', 'f.video_id')
        .select(['f.video_id', 'f.rate', 'f.frames', 'f.mirrored', 'v.created_at'])
        .where('f.video_id', 'in', videoIds)
        .execute();
    },

    /** Records the copy found for a video (or that none was: null), replacing an earlier finding. */
    async saveMatch(videoId: string, match: CopyMatchRow | null): Promise<void> {
      await db.deleteFrom('video_copy_matches').where('video_id', '=', videoId).execute();
      if (!match) return;
      await db
        .insertInto('video_copy_matches')
        .values({
          video_id: videoId,
          original_id: match.originalId,
          starts_at: match.startsAt,
          ends_at: match.endsAt,
          original_starts_at: match.originalStartsAt,
          original_ends_at: match.originalEndsAt,
          score: match.score,
          mirrored: match.mirrored,
        })
        .execute();
    },

    /** Whether a video has been fingerprinted (checked for copies). */
    async isFingerprinted(videoId: string): Promise<boolean> {
      const row = await db
        .selectFrom('video_fingerprints')
        .select('video_id')
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Videos with a file processed but no fingerprint yet, or one made by an older hash than `hashVersion`,
     * oldest first (the one-off command's work); with whether a copy was already found of each.
     */
    unfingerprinted(limit: number, hashVersion: number) {
      return db
        .selectFrom('videos as v')
        .leftJoin('video_fingerprints as f', 'f.video_id', 'v.id')
        .leftJoin('video_copy_matches as m', 'm.video_id', 'v.id')
        .select(['v.id', 'v.path', 'v.duration', 'v.capture_metadata', 'm.original_id as copy_of'])
        .where((eb) => eb.or([eb('f.video_id', 'is', null), eb('f.hash_version', '<', hashVersion)]))
        .where('v.path', 'is not', null)
        .where('v.sha256', 'is not', null)
        .orderBy('v.created_at')
        .orderBy('v.id')
        .limit(limit)
        .execute();
    },

    /**
     * The copy found for each of these videos, with the original's title, owner, file and preview: what
     * staff compare. Decided ones too (the video page says what was decided).
     */
    matches(videoIds: readonly string[]) {
      if (videoIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('video_copy_matches as m')
        .innerJoin('videos as o', 'o.id', 'm.original_id')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .innerJoin('videos as v', 'v.id', 'm.video_id')
        .select([
          'm.video_id',
          'm.original_id',
          'm.starts_at',
          'm.ends_at',
          'm.original_starts_at',
          'm.original_ends_at',
          'm.score',
          'm.mirrored',
          'm.decision',
          'm.decided_at',
          'o.title as original_title',
          'o.path as original_path',
          'o.created_at as original_created_at',
          'o.user_id as original_user_id',
          'u.name as original_user_name',
          'v.user_id',
        ])
        .where('m.video_id', 'in', videoIds)
        .execute();
    },

    /** The undecided copy of a video, locked until the transaction ends (staff deciding it). */
    lockUndecided(videoId: string) {
      return db
        .selectFrom('video_copy_matches')
        .select(['video_id', 'decision'])
        .where('video_id', '=', videoId)
        .forUpdate()
        .executeTakeFirst();
    },

    async decide(videoId: string, decision: string, staffId: string): Promise<void> {
      await db
        .updateTable('video_copy_matches')
        .set({ decision, decided_by: staffId, decided_at: sql`now()` })
        .where('video_id', '=', videoId)
        .execute();
    },
  };
}
