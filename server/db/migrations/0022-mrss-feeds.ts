import { type Kysely, sql } from 'kysely';

/**
 * Media RSS feeds for partners (issue 20):
 * - `mrss_feeds`: a name, the language of its channel and a filter (keywords, category, shooting dates,
 *   licensable only) over the publicly listed videos;
 * - `mrss_feed_tokens`: one secret feed URL per partner. Only the SHA-256 of a token is kept, so a copy
 *   of the database opens no feed; a revoked token stays as a row (the partner's name, when) and answers 404.
 * - the preview's size and picture on the video row, so a feed can say what `media:content` holds.
 *   Previews made before this migration have none (the feed leaves those attributes out).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mrss_feeds')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) =>
      col.notNull().defaultTo('en').check(sql`language in ('en', 'el')`),
    )
    // Normalised keywords (as videos.keywords_normalized); a video matches with any one of them.
    .addColumn('keywords', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('category_id', 'integer')
    .addColumn('shot_from', 'date')
    .addColumn('shot_to', 'date')
    .addColumn('licensable_only', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index mrss_feeds_created_idx on mrss_feeds (created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('mrss_feed_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('feed_id', 'text', (col) => col.notNull().references('mrss_feeds.id').onDelete('cascade'))
    .addColumn('partner_name', 'text', (col) => col.notNull())
    // hex SHA-256 of the token; the token itself is shown once and never stored
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // When the secret was last made (creation or regeneration): the current URL dates from then
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index mrss_feed_tokens_feed_idx on mrss_feed_tokens (feed_id, created_at)`.execute(db);

  await db.schema
    .alterTable('videos')
    .addColumn('preview_width', 'integer')
    .addColumn('preview_height', 'integer')
    .addColumn('preview_size_bytes', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .dropColumn('preview_width')
    .dropColumn('preview_height')
    .dropColumn('preview_size_bytes')
    .execute();
  await db.schema.dropTable('mrss_feed_tokens').execute();
  await db.schema.dropTable('mrss_feeds').execute();
}
