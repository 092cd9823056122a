import { type Kysely, sql } from 'kysely';

/**
 * The TV page (SPEC 2.7, 3 "Free video submission"): the constant owner account every TV video belongs
 * to, and the pending submissions that collect the four parts before a video row may exist.
 *
 * The owner is a system user with an address under the reserved `.invalid` domain and no credential
 * row in `accounts`: nobody can sign in as it, reset its password or receive its mail.
 */
export const TV_OWNER_ID = 'tv-owner';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into users (id, name, email, email_verified)
    values (${TV_OWNER_ID}, 'TV', 'tv-owner@system.invalid', false)
    on conflict (id) do nothing
  `.execute(db);

  await db.schema
    .createTable('tv_submissions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('upload_id', 'text')
    .addColumn('video_path', 'text')
    .addColumn('video_file_name', 'text')
    .addColumn('video_size_bytes', 'bigint')
    .addColumn('thumbnail_path', 'text')
    .addColumn('signature_path', 'text')
    .execute();
  await db.schema
    .createIndex('tv_submissions_created_idx')
    .on('tv_submissions')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tv_submissions').execute();
  await sql`delete from users where id = ${TV_OWNER_ID}`.execute(db);
}
