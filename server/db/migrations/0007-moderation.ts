import { type Kysely, sql } from 'kysely';

/**
 * Moderation and edits (SPEC 3 "Video edit", privacy, categories; 4.1): each status change recorded
 * with who, when, from, to and why; edit suggestions with the values they were made against; and the
 * category and privacy of every video.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('category_id', 'integer', (col) => col.notNull().defaultTo(24))
    .addColumn('privacy', 'text', (col) =>
      col.notNull().defaultTo('public').check(sql`privacy in ('public', 'private', 'unlisted')`),
    )
    .execute();

  await db.schema
    .createTable('video_status_changes')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('changed_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('from_status', 'text', (col) => col.notNull())
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .execute();
  await sql`create index video_status_changes_video_idx on video_status_changes (video_id, changed_at)`.execute(
    db,
  );

  await db.schema
    .createTable('video_edit_suggestions')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('suggested_by', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('keywords', sql`text[]`, (col) => col.notNull())
    .addColumn('external_url', 'text')
    .addColumn('original_title', 'text', (col) => col.notNull())
    .addColumn('original_description', 'text', (col) => col.notNull())
    .addColumn('original_keywords', sql`text[]`, (col) => col.notNull())
    .addColumn('original_external_url', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'applied', 'rejected')`),
    )
    .addColumn('decided_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('reason', 'text')
    .execute();
  await sql`create index video_edit_suggestions_status_idx on video_edit_suggestions (status, created_at, id)`.execute(
    db,
  );
  await sql`create index video_edit_suggestions_suggester_idx on video_edit_suggestions (suggested_by, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_edit_suggestions').execute();
  await db.schema.dropTable('video_status_changes').execute();
  await db.schema.alterTable('videos').dropColumn('privacy').dropColumn('category_id').execute();
}
