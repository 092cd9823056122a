import { type Kysely, sql } from 'kysely';
import type { DB } from '../../server/db/schema';

/**
 * Makes the database look as if its newest migration had not run (another instance still migrating);
 * returns what puts it back.
 */
export async function forgetNewestMigration(db: Kysely<DB>): Promise<() => Promise<void>> {
  const { rows } = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
  const newest = rows[0]!;
  await sql`delete from kysely_migration where name = ${newest.name}`.execute(db);
  return async () => {
    await sql`insert into kysely_migration (name, timestamp) values (${newest.name}, ${newest.timestamp})`.execute(
      db,
    );
  };
}
