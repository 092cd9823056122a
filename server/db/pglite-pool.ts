import { EventEmitter } from 'node:events';
import type { PGlite, Results } from '@electric-sql/pglite';
import pg from 'pg';

type Callback = (error: Error | null, result?: unknown) => void;
interface QueryConfig {
  text: string;
  values?: unknown[];
  rowMode?: 'array';
}

const DML = /\b(INSERT|UPDATE|DELETE|MERGE)\b/i;

/** The command tag node-postgres would report; Kysely reads it to count affected rows. */
function commandOf(sql: string): string {
  const keyword = /^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
  if (keyword === 'WITH') return DML.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT';
  return keyword;
}

function toPgResult(sql: string, result: Results) {
  const command = commandOf(sql);
  const affected = DML.test(command) ? (result.affectedRows ?? 0) : result.rows.length;
  return {
    command,
    rowCount: affected,
    rows: result.rows,
    fields: result.fields,
    oid: 0,
  };
}

/**
 * A node-postgres `Client` that runs every query in an in-process PGlite. PGlite has one session, so
 * this is used only through a pg.Pool of size 1: whoever holds the client (a transaction) owns the
 * session, and everyone else (Kysely, the job queue, auth) waits in the pool's queue.
 */
function clientClassFor(pglite: PGlite) {
  return class PGliteClient extends EventEmitter {
    _queryable = true;
    _ending = false;

    connect(callback?: Callback): Promise<void> | undefined {
      const ready = pglite.waitReady;
      if (!callback) return ready;
      ready.then(
        () => callback(null),
        (error: Error) => callback(error),
      );
      return undefined;
    }

    query(config: string | QueryConfig, valuesOrCallback?: unknown[] | Callback, callback?: Callback) {
      const query: QueryConfig = typeof config === 'string' ? { text: config } : { ...config };
      let done = callback;
      if (typeof valuesOrCallback === 'function') done = valuesOrCallback;
      else if (valuesOrCallback) query.values = valuesOrCallback;
      const promise = this.run(query);
      if (!done) return promise;
      promise.then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
      return undefined;
    }

    private async run({ text, values, rowMode }: QueryConfig) {
      const options = rowMode ? { rowMode } : undefined;
      if (values && values.length > 0) return toPgResult(text, await pglite.query(text, values, options));
      // Without parameters node-postgres uses the simple protocol, which allows several statements.
      const results = await pglite.exec(text, options);
      const mapped = results.map((result) => toPgResult(text, result));
      return mapped.length === 1 ? mapped[0] : mapped;
    }

    end(callback?: Callback): Promise<void> | undefined {
      this._ending = true;
      this._queryable = false;
      this.emit('end');
      if (callback) callback(null);
      return callback ? undefined : Promise.resolve();
    }
  };
}

/** One pg.Pool of size 1 over an in-process PGlite: the only way anything talks to the embedded database. */
export function createPglitePool(pglite: PGlite): pg.Pool {
  // The class implements the part of ClientBase that pg-pool, Kysely and pg-boss call, not all of it.
  const Client = clientClassFor(pglite) as unknown as new () => pg.ClientBase;
  return new pg.Pool({ max: 1, idleTimeoutMillis: 0, Client });
}
