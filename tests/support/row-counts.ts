import type { Database } from '../../server/db/connection';

export type RowCounts = Record<string, number>;

/** The names of every table of the public schema (the application's and better-auth's). */
export async function publicTables(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/** The row count of each table, in one statement (cheap enough to take after every few requests). */
export async function rowCounts(database: Database, tables: string[]): Promise<RowCounts> {
  const query = tables
    .map((table) => `select '${table}' as name, count(*)::int as n from "${table.replaceAll('"', '""')}"`)
    .join(' union all ');
  const { rows } = await database.pool.query<{ name: string; n: number }>(query);
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

/** The tables whose count differs between two snapshots, as `table: before -> after`. */
export function changedCounts(before: RowCounts, after: RowCounts): string[] {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} -> ${after[table]}`);
}
