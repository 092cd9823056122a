import { type Kysely, sql } from 'kysely';

/**
 * Standing requests (issue 34): a member's saved search, told of every video that becomes licensable and
 * matches it. A new video is matched against an index, never against every request: a request with
 * keywords or words through its keywords and the lexemes of its words (GIN, overlap with the video's),
 * one with only a place through its bounding box (GiST), one with only days through its range (GiST);
 * the few candidates are then checked in full. `standing_request_matches`: what each request was told of,
 * and whether its e-mail went. The mail outbox learns headers (List-Unsubscribe).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('standing_requests')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull().check(sql`frequency in ('instant', 'daily')`))
    .addColumn('paused', 'boolean', (c) => c.notNull().defaultTo(false))
    // The search as given, and what matching reads of it.
    .addColumn('keywords', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('keywords_normalized', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('q', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('words_query', sql`tsquery`)
    .addColumn('lexemes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('near_lat', 'double precision')
    .addColumn('near_lng', 'double precision')
    .addColumn('radius_km', 'double precision')
    // The place's name as the buyer chose it (the point is what matching reads).
    .addColumn('place_name', 'text', (c) => c.notNull().defaultTo(''))
    // Longitudes may run past +-180 when the circle crosses the 180th meridian: a point is tried at +-360.
    .addColumn('area', sql`box`)
    .addColumn('shot_from', 'date')
    .addColumn('shot_to', 'date')
    .addColumn('license_type_id', 'text', (c) => c.references('license_types.id').onDelete('set null'))
    .addColumn('max_price_cents', 'integer', (c) => c.check(sql`max_price_cents > 0`))
    .addColumn('currency', 'text')
    .addColumn('last_mailed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    alter table standing_requests
      add column shot_days daterange generated always as (daterange(shot_from, shot_to, '[]')) stored,
      add column anchor text generated always as (
        case when words_query is not null or cardinality(keywords_normalized) > 0 then 'text'
             when area is not null then 'place' else 'days' end) stored`.execute(db);
  await sql`create index standing_requests_user on standing_requests (user_id, created_at desc)`.execute(db);
  await sql`create index standing_requests_keywords on standing_requests using gin (keywords_normalized)
            where not paused`.execute(db);
  await sql`create index standing_requests_lexemes on standing_requests using gin (lexemes)
            where not paused`.execute(db);
  await sql`create index standing_requests_area on standing_requests using gist (area)
            where not paused and anchor = 'place'`.execute(db);
  await sql`create index standing_requests_days on standing_requests using gist (shot_days)
            where not paused and anchor = 'days'`.execute(db);
  // Newest first on the demand board.
  await sql`create index standing_requests_newest on standing_requests (created_at desc, id desc)
            where not paused`.execute(db);

  await db.schema
    .createTable('standing_request_matches')
    .addColumn('standing_request_id', 'text', (c) =>
      c.notNull().references('standing_requests.id').onDelete('cascade'),
    )
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('matched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('mailed_at', 'timestamptz')
    .addPrimaryKeyConstraint('standing_request_matches_pk', ['standing_request_id', 'video_id'])
    .execute();
  await sql`create index standing_request_matches_newest
            on standing_request_matches (standing_request_id, matched_at desc)`.execute(db);
  await sql`create index standing_request_matches_unmailed
            on standing_request_matches (standing_request_id) where mailed_at is null`.execute(db);
  await sql`create index standing_request_matches_video on standing_request_matches (video_id)`.execute(db);

  await sql`alter table mail_outbox add column headers jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table mail_outbox drop column if exists headers`.execute(db);
  await db.schema.dropTable('standing_request_matches').ifExists().execute();
  await db.schema.dropTable('standing_requests').ifExists().execute();
}
