import { type Kysely, sql } from 'kysely';

/**
 * Video submissions (SPEC 3 "Video submission form", 4.6): the owner's details and signature, the
 * licence agreement accepted, the content hash that finds duplicates, what processing learnt; and the
 * keyword summary (SPEC 3 "Video data summary") kept exact as videos come and go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('external_url', 'text')
    .addColumn('owner_name', 'text')
    .addColumn('owner_email', 'text')
    .addColumn('owner_phone', 'text')
    .addColumn('owner_country', 'text')
    .addColumn('owner_instagram', 'text')
    .addColumn('owner_dob', 'date')
    .addColumn('signature_path', 'text')
    .addColumn('agreement_version', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('sha256', 'text')
    .addColumn('processing_error', 'text')
    .execute();
  await db.schema.createIndex('videos_sha256_idx').on('videos').column('sha256').execute();

  await db.schema
    .createTable('keyword_summary')
    .addColumn('keyword', 'text', (col) => col.primaryKey())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`create index keyword_summary_count_idx on keyword_summary (count desc, keyword)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('keyword_summary').execute();
  await db.schema.dropIndex('videos_sha256_idx').execute();
  for (const column of [
    'external_url',
    'owner_name',
    'owner_email',
    'owner_phone',
    'owner_country',
    'owner_instagram',
    'owner_dob',
    'signature_path',
    'agreement_version',
    'size_bytes',
    'sha256',
    'processing_error',
  ]) {
    await db.schema.alterTable('videos').dropColumn(column).execute();
  }
}
