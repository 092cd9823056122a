import { type Kysely, sql } from 'kysely';

/**
 * Near-duplicate detection (issue 33). `video_fingerprints`: each processed video's frame hashes, 8 bytes
 * a frame (big-endian; 0 where a frame is flat), and the same of its mirrored picture. `video_frame_keys`:
 * the index that finds candidates without reading every fingerprint, one row per 16-bit band of a sampled
 * frame's hash (key = band << 16 | bits), so a frame whose copy flipped a few bits still shares a band
 * with it. `video_copy_matches`: the best copy found for a video, and what staff decided of it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_fingerprints')
    .addColumn('video_id', 'text', (c) => c.primaryKey().references('videos.id').onDelete('cascade'))
    .addColumn('rate', 'real', (c) => c.notNull())
    .addColumn('frames', 'bytea', (c) => c.notNull())
    .addColumn('mirrored', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('video_frame_keys')
    .addColumn('key', 'integer', (c) => c.notNull())
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('frame', 'integer', (c) => c.notNull())
    .execute();
  // The lookup reads the video and frame of a key from the index alone.
  await db.schema
    .createIndex('video_frame_keys_key')
    .on('video_frame_keys')
    .columns(['key', 'video_id', 'frame'])
    .execute();
  await db.schema.createIndex('video_frame_keys_video').on('video_frame_keys').column('video_id').execute();
  await db.schema
    .createTable('video_copy_matches')
    .addColumn('video_id', 'text', (c) => c.primaryKey().references('videos.id').onDelete('cascade'))
    .addColumn('original_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    // The matching stretch, in seconds, in the video and in the original.
    .addColumn('starts_at', 'real', (c) => c.notNull())
    .addColumn('ends_at', 'real', (c) => c.notNull())
    .addColumn('original_starts_at', 'real', (c) => c.notNull())
    .addColumn('original_ends_at', 'real', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('mirrored', 'boolean', (c) => c.notNull())
    .addColumn('found_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Null until staff decide: 'not_a_copy' or 'duplicate'.
    .addColumn('decision', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('video_copy_matches_original')
    .on('video_copy_matches')
    .column('original_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_copy_matches').execute();
  await db.schema.dropTable('video_frame_keys').execute();
  await db.schema.dropTable('video_fingerprints').execute();
}
