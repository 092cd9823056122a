import { type Kysely, sql } from 'kysely';

/**
 * Whether a video's thumbnail also exists as WebP at the card widths (`{name}.w320.webp`, `.w480.webp`,
 * `.w640.webp` beside the JPEG), so cards offer them to the browser. False for thumbnails made before: an
 * upkeep sweep makes theirs and sets it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('thumbnail_variants', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  // The sweep's question, answered from a small index however many videos have their sizes already.
  await sql`create index videos_thumbnail_variants_missing on videos (id)
    where thumbnail is not null and not thumbnail_variants`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('videos_thumbnail_variants_missing').execute();
  await db.schema.alterTable('videos').dropColumn('thumbnail_variants').execute();
}
