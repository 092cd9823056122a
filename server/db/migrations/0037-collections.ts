import { type Kysely, sql } from 'kysely';

/**
 * Collections (issue 34): a buyer's named lightboxes of clips, in the buyer's order with a note per clip,
 * shared read-only by a secret link until revoked (`share_token`: random, unique, null when not shared).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('share_token', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index collections_user on collections (user_id, created_at desc)`.execute(db);
  await db.schema
    .createTable('collection_items')
    .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('collection_items_pk', ['collection_id', 'video_id'])
    .execute();
  await sql`create index collection_items_order on collection_items (collection_id, position)`.execute(db);
  await sql`create index collection_items_video on collection_items (video_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('collection_items').ifExists().execute();
  await db.schema.dropTable('collections').ifExists().execute();
}
