import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { createPglitePool } from './pglite-pool';
import type { DB } from './schema';
import { configurePgTypes, PGLITE_PARSERS } from './type-parsers';

export type DatabaseKind = 'embedded' | 'postgres';

/** The database handles shared by the whole server: one pool, one Kysely on top of it. */
export interface Database {
  kind: DatabaseKind;
  /** The one pool: Kysely, the job queue and auth all go through it. */
  pool: pg.Pool;
  db: Kysely<DB>;
  /** The embedded engine itself, for dumping or loading a data directory (tests, backups). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'embedded'; dataDir: string }
  /** An in-memory embedded database, optionally started from a dumped data directory (tests). */
  | { kind: 'embedded-memory'; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize: number };

function wrap(kind: DatabaseKind, pool: pg.Pool, onClose: () => Promise<void>, pglite?: PGlite): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    kind,
    pool,
    db,
    pglite,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy(); // ends the pool too
      await onClose();
    },
  };
}

/**
 * The handles over a PGlite that is already open; `onClose` decides what closing means (closing the
 * engine, or handing it back to the tests' pool of reusable databases).
 */
export function embeddedDatabase(pglite: PGlite, onClose: () => Promise<void>): Database {
  configurePgTypes();
  return wrap('embedded', createPglitePool(pglite), onClose, pglite);
}

/** Opens the configured database. The embedded one is locked against a second process. */
export async function openDatabase(
  target: DatabaseTarget,
  onLockLost?: (error: Error) => void,
): Promise<Database> {
  configurePgTypes();
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize });
    pool.on('error', () => {}); // an idle client's broken connection is dropped and replaced by the pool
    // A client in use has no pool listener: its connection ending (a restart, a failover, an ended
    // backend) would be an uncaught 'error' that stops the whole server. The query in flight fails on
    // its own, and the pool drops the broken client when it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    return wrap('postgres', pool, async () => {});
  }
  if (target.kind === 'embedded-memory') {
    const pglite = await PGlite.create({ parsers: PGLITE_PARSERS, loadDataDir: target.loadDataDir });
    return embeddedDatabase(pglite, () => pglite.close());
  }
  const release = await lockDataDir(target.dataDir, onLockLost ?? (() => {}));
  try {
    const pglite = await PGlite.create(target.dataDir, { parsers: PGLITE_PARSERS });
    return embeddedDatabase(pglite, async () => {
      await pglite.close();
      await release();
    });
  } catch (error) {
    await release();
    throw error;
  }
}
