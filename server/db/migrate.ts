import { type Kysely, Migrator, sql } from 'kysely';
import { migrations } from './migrations/index';

const NEWEST = Object.keys(migrations).sort().at(-1) as string;

/**
 * Whether the database has recorded the newest migration: then a start has nothing to migrate, and skips
 * the migrator's lock and reads (a tenth of a warm start). Any doubt (no table yet, another newest) is no.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
async function isUpToDate(db: Kysely<any>): Promise<boolean> {
  const newest = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db).then(
    (result) => result.rows[0]?.name,
    () => undefined,
  );
  return newest === NEWEST;
}

/** Brings the schema up to date. Kysely's migrator takes a lock, so concurrent starts are safe. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  if (await isUpToDate(db)) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
