import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';
import { down, up } from './0041-decline-reasons';

/** Migration 0041: a decline recorded before it, in words only, reads as `other`. */
const t = setUpTestApp();
let ownerId: string;
beforeAll(async () => {
  ownerId = (await signUp(t, { email: 'owner@example.com' })).id;
});

describe('0041-decline-reasons', () => {
  it('gives every earlier decline the reason `other` and no other change a reason of the list', async () => {
    await down(t.db);
    const id = await createVideo(t.db, ownerId, { status: 'archived' });
    await sql`insert into video_status_changes (video_id, from_status, to_status, reason, changed_at) values
      (${id}, 'not_verified', 'declined', 'Blurry.', now() - interval '2 days'),
      (${id}, 'declined', 'archived', null, now() - interval '1 day')`.execute(t.db);
    await up(t.db);
    const rows = await sql<{ to_status: string; reason_code: string | null }>`
      select to_status, reason_code from video_status_changes where video_id = ${id} order by changed_at`.execute(
      t.db,
    );
    expect(rows.rows).toEqual([
      { to_status: 'declined', reason_code: 'other' },
      { to_status: 'archived', reason_code: null },
    ]);
  });
});
