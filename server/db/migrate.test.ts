import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from './connection';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

/** A new database gets every migration; a start on one that has them all migrates nothing. */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'embedded-memory' });
});
afterAll(async () => {
  await database.close();
});

it('applies every migration to a new database, in order, and none on the next start', async () => {
  expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations).sort());
  expect(await migrateToLatest(database.db)).toEqual([]);
  const recorded = await database.db
    .selectFrom('kysely_migration' as never)
    .selectAll()
    .execute();
  expect(recorded).toHaveLength(Object.keys(migrations).length);
  // A setting, not a table: only the catalogue shows it (0034, the frame index's vacuum).
  const frameKeys = await sql<{ options: string[] }>`
    select reloptions as options from pg_class where relname = 'video_frame_keys'`.execute(database.db);
  expect(frameKeys.rows[0]?.options).toContain('autovacuum_vacuum_insert_scale_factor=0.01');
});
