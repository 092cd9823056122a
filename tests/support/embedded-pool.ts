import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { type Database, embeddedDatabase } from '../../server/db/connection';
import { PGLITE_PARSERS } from '../../server/db/type-parsers';

/**
 * In-memory embedded databases, each as the run's template made it, reused from one test file to the next
 * within a worker. Opening one costs 0.6–0.9 s (the engine starts and unpacks the template); emptying one
 * and putting back the template's rows costs a few tens of milliseconds, and a run opens some 190.
 *
 * A database goes back to the pool only when its test closes it; before it is handed out again its
 * schema is compared with the template's, and one that changed (a migration test ran `down`, a new day's
 * statistics partition) is closed for good and replaced by a fresh one.
 */

interface Template {
  dump: Blob;
  /** Every table of the template, emptied together on reset. */
  tables: string[];
  /** The rows the migrations wrote (settings, license types, the system user, the queue's bookkeeping). */
  rows: { table: string; json: string }[];
  shape: string;
}

const templates = new Map<string, Promise<Template>>();
const idle = new Map<string, PGlite[]>();

/** Names, columns, constraints, triggers and functions of everything outside the system catalogs. */
const SHAPE = `
  select md5(
    (select string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || a.attnum || ':' || a.attname
        || ':' || a.atttypid || ':' || a.attisdropped || ':' || a.attnotnull, ',' order by c.oid, a.attnum)
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%')
    || (select count(*) from pg_constraint)::text || ':' || (select count(*) from pg_trigger)::text
    || ':' || (select count(*) from pg_proc)::text || ':' || (select count(*) from pg_index)::text
  ) as shape`;

async function shapeOf(pglite: PGlite): Promise<string> {
  return (await pglite.query<{ shape: string }>(SHAPE)).rows[0]!.shape;
}

function open(dump: Blob): Promise<PGlite> {
  return PGlite.create({ parsers: PGLITE_PARSERS, loadDataDir: dump });
}

async function readTemplate(path: string): Promise<Template> {
  const dump = new Blob([await fs.readFile(path)]);
  const pglite = await open(dump);
  const { rows: found } = await pglite.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const tables = found.map((row) => row.name);
  const rows: Template['rows'] = [];
  for (const table of tables) {
    const {
      rows: [json],
    } = await pglite.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    if (json?.json) rows.push({ table, json: json.json });
  }
  const shape = await shapeOf(pglite);
  idle.set(path, [pglite]);
  return { dump, tables, rows, shape };
}

/** Empties a used database and writes the template's rows back; false when its schema has changed. */
async function reset(pglite: PGlite, template: Template): Promise<boolean> {
  if ((await shapeOf(pglite)) !== template.shape) return false;
  await pglite.transaction(async (tx) => {
    await tx.exec(`truncate ${template.tables.join(', ')} cascade`);
    for (const { table, json } of template.rows) {
      await tx.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [
        json,
      ]);
    }
  });
  return true;
}

/** An idle database of the pool, reset to the template; none left: undefined. One that changed is closed. */
async function reuse(pool: PGlite[], template: Template): Promise<PGlite | undefined> {
  for (let used = pool.pop(); used; used = pool.pop()) {
    if (await reset(used, template).catch(() => false)) return used;
    await used.close().catch(() => {});
  }
  return undefined;
}

/** A database as the template at `path` made it, of the caller's own until it closes it. */
export async function takeEmbeddedDatabase(path: string): Promise<Database> {
  let template = templates.get(path);
  if (!template) {
    template = readTemplate(path);
    templates.set(path, template);
  }
  const ready = await template;
  const pool = idle.get(path) ?? [];
  idle.set(path, pool);
  const engine = (await reuse(pool, ready)) ?? (await open(ready.dump));
  return embeddedDatabase(engine, async () => {
    pool.push(engine);
  });
}
