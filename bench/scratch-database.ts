/**
 * A PostgreSQL database of the benchmark's own on the server at `url` (created empty, named after the
 * benchmark and the process), opened with our connection code; `drop()` closes it and drops it.
 */
import pg from 'pg';
import { openDatabase } from '../server/db/connection';

export async function openScratchDatabase(url: string, label: string, poolSize = 10) {
  const name = `clipmarket_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize });
  return {
    name,
    database,
    async drop() {
      await database.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}
