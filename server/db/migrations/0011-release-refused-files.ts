import { type Kysely, sql } from 'kysely';

/**
 * Videos whose file processing refused as not a video kept naming it, so their owners could neither
 * upload again nor withdraw (the processing job now lets go of such a file itself). Frees the ones
 * refused before. The files stay in private storage, reachable by no URL; a new upload with the same
 * extension replaces one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update videos set path = null, size_bytes = null
    where status = 'not_uploaded' and processing_error = 'NOT_A_VIDEO' and path is not null
  `.execute(db);
}

/** Nothing to undo: which file a freed video had named is not kept. */
export async function down(): Promise<void> {}
