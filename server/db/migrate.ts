import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index';

/** Brings the schema up to date. Kysely's migrator takes a lock, so concurrent starts are safe. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
