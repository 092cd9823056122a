import { type Kysely, sql } from 'kysely';

/**
 * Every committed write to a video or a member announces itself on `clipmarket_public_changes`
 * (adapters/events/event-bus.ts): the anonymous answers each instance keeps for a few seconds
 * (plugins/public-answer-cache.ts) are cleared at once, whichever instance, job or script wrote. One
 * notice, the table's name, per statement; PostgreSQL folds a transaction's identical notices into one
 * and sends it at commit.
 */
const TABLES = ['videos', 'users'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function announce_public_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('clipmarket_public_changes', TG_TABLE_NAME);
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_announce_public_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function announce_public_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger ${sql.id(`${table}_announce_public_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function announce_public_change()`.execute(db);
}
