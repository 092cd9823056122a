import { PgBoss } from 'pg-boss';
import type { Database } from '../db/connection';

/**
 * The job queue runs on the same database and, on the embedded one, through the same single-connection
 * pool as everything else: a second connection to PGlite would run inside someone else's transaction.
 * A job sent from inside a transaction must be sent through that transaction (pg-boss's `fromKysely`).
 */
export function createQueue(database: Database): PgBoss {
  return new PgBoss({
    db: { executeSql: (text, values) => database.pool.query(text, values) },
    backend: database.kind === 'embedded' ? 'pglite' : 'postgres',
    schema: 'pgboss',
  });
}
