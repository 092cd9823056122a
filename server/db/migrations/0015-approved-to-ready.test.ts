import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../tests/support/factories';
import { keywordCount } from '../../../tests/support/keyword-summary';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';
import { up } from './0015-approved-to-ready';

/** Migration 0015: videos stuck at `approved` become `ready`, with the system's step in their history. */
const t = setUpTestApp();
let ownerId: string;
beforeAll(async () => {
  ownerId = (await signUp(t, { email: 'owner@example.com' })).id;
});

const statusOf = async (id: string) =>
  (await t.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const historyOf = (id: string) =>
  t.db
    .selectFrom('video_status_changes')
    .select(['from_status', 'to_status', 'changed_by', 'reason', 'automatic'])
    .where('video_id', '=', id)
    .execute();
const countOf = (keyword: string) => keywordCount(t.db, keyword);

describe('0015-approved-to-ready', () => {
  it('moves approved videos to ready with a system history row, and leaves every other status alone', async () => {
    const approved = await createVideo(t.db, ownerId, { status: 'approved', keywords: ['lighthouse'] });
    const others = {
      not_verified: await createVideo(t.db, ownerId, { status: 'not_verified' }),
      ready: await createVideo(t.db, ownerId, { status: 'ready' }),
      yt_upload_retry: await createVideo(t.db, ownerId, { status: 'yt_upload_retry' }),
      declined: await createVideo(t.db, ownerId, { status: 'declined' }),
    };
    const countBefore = await countOf('lighthouse');
    // The test database is migrated already: take back the column the migration adds, then run it.
    await sql`alter table videos drop column youtube_published_at`.execute(t.db);
    await sql`alter table video_status_changes drop column automatic`.execute(t.db);
    await up(t.db);
    expect(await statusOf(approved)).toBe('ready');
    expect(await historyOf(approved)).toEqual([
      { from_status: 'approved', to_status: 'ready', changed_by: null, reason: null, automatic: true },
    ]);
    for (const [status, id] of Object.entries(others)) {
      expect(await statusOf(id)).toBe(status);
      expect(await historyOf(id)).toEqual([]);
    }
    // Both statuses are publicly listed: the keyword count does not move.
    expect(await countOf('lighthouse')).toBe(countBefore);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'videos' and column_name = 'youtube_published_at'
    `.execute(t.db);
    expect(columns.rows).toHaveLength(1);
  });
});
