import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserRow, createVideo } from '../../../tests/support/factories';
import { createTestDatabase } from '../../../tests/support/test-database';
import { down, up } from './0013-previews';

/** Migration 0013: every video whose file was processed before previews existed waits for one. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('0013-previews', () => {
  it('marks processed videos pending, and leaves videos without a processed file alone', async () => {
    const ownerId = await createUserRow(database.db, { email: 'migration-owner@example.com' });
    const processed = await createVideo(database.db, ownerId, { status: 'approved', path: 'videos/a.mp4' });
    const unreviewed = await createVideo(database.db, ownerId, {
      status: 'not_verified',
      path: 'videos/b.mp4',
    });
    const waiting = await createVideo(database.db, ownerId, { status: 'not_uploaded', path: 'videos/c.mp4' });
    const external = await createVideo(database.db, ownerId, { status: 'approved', path: null });
    // Replayed on a database as it was before: the columns go, and come back filled in.
    await down(database.db);
    await up(database.db);

    const { rows } = await sql<{ id: string; preview_status: string | null; preview_key: string | null }>`
      select id, preview_status, preview_key from videos where id in (${sql.join([processed, unreviewed, waiting, external])})
    `.execute(database.db);
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.preview_status;
    expect([statusOf(processed), statusOf(unreviewed), statusOf(waiting), statusOf(external)]).toEqual([
      'pending',
      'pending',
      null,
      null,
    ]);
    expect(rows.every((row) => row.preview_key === null)).toBe(true);
    await expect(
      sql`update videos set preview_status = 'unknown' where id = ${processed}`.execute(database.db),
    ).rejects.toThrow();
  });
});
