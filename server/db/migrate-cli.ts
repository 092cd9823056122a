/** `npm run db:migrate`: brings the configured database up to date and exits. */
import 'dotenv/config';
import { loadConfig } from '../config';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
