import type { Kysely } from 'kysely';

/**
 * The address of a video's resumable YouTube upload session, kept before the first byte is sent: a
 * retry asks YouTube where that upload stands instead of uploading the whole file again (an attempt
 * that died after YouTube had every byte would otherwise publish the video twice).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('youtube_upload_session', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('youtube_upload_session').execute();
}
