/**
 * How much the single-connection pool over PGlite costs, and how the embedded database compares with
 * PostgreSQL, measured in one run (the machine is shared: compare ratios, not absolute times).
 *
 *   npm run bench                       embedded only
 *   BENCH_DATABASE_URL=postgres://... npm run bench   adds PostgreSQL (a scratch database is created)
 *
 * Workloads: 2,000 point selects, and 300 small transactions (insert + select + commit).
 * Baseline: PGlite queried directly, without pg.Pool or Kysely.
 */
import { sql } from 'kysely';
import { type Database, openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { openScratchDatabase } from './scratch-database';

const SELECTS = 2000;
const TRANSACTIONS = 300;

async function time(run: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function viaKysely(database: Database) {
  await migrateToLatest(database.db);
  const selects = await time(async () => {
    for (let i = 0; i < SELECTS; i++) await sql`select ${i}::int as n`.execute(database.db);
  });
  const transactions = await time(async () => {
    for (let i = 0; i < TRANSACTIONS; i++) {
      await database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('abuse_requests')
          .values({ email: 'b@example.com', subject: `s${i}`, message: 'm', user_id: null })
          .execute();
        await trx.selectFrom('abuse_requests').select('id').where('subject', '=', `s${i}`).execute();
      });
    }
  });
  return { selects, transactions };
}

/** The same engine and schema, queried straight through PGlite: no pg.Pool, no Kysely. */
async function direct() {
  const database = await openDatabase({ kind: 'embedded-memory' });
  await migrateToLatest(database.db);
  const pglite = database.pglite!;
  const selects = await time(async () => {
    for (let i = 0; i < SELECTS; i++) await pglite.query('select $1::int as n', [i]);
  });
  const transactions = await time(async () => {
    for (let i = 0; i < TRANSACTIONS; i++) {
      await pglite.transaction(async (tx) => {
        await tx.query(
          "insert into abuse_requests (email, subject, message) values ('b@example.com', $1, 'm')",
          [`s${i}`],
        );
        await tx.query('select id from abuse_requests where subject = $1', [`s${i}`]);
      });
    }
  });
  await database.close();
  return { selects, transactions };
}

async function postgres(url: string) {
  const scratch = await openScratchDatabase(url, 'pool');
  try {
    return await viaKysely(scratch.database);
  } finally {
    await scratch.drop();
  }
}

const rows: [string, { selects: number; transactions: number }][] = [];
await direct(); // warm-up: the first run pays for loading and JIT compilation
rows.push(['PGlite direct (baseline)', await direct()]);
const embedded = await openDatabase({ kind: 'embedded-memory' });
rows.push(['PGlite via pool of 1 + Kysely', await viaKysely(embedded)]);
await embedded.close();
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) rows.push(['PostgreSQL via pool + Kysely', await postgres(pgUrl)]);

const [, baseline] = rows[0]!;
console.log(`\n${SELECTS} point selects, ${TRANSACTIONS} transactions (insert + select), sequential\n`);
console.log('| setup | selects/s | speed vs baseline | transactions/s | speed vs baseline |');
console.log('|---|---|---|---|---|');
for (const [label, result] of rows) {
  const sps = (SELECTS / result.selects) * 1000;
  const tps = (TRANSACTIONS / result.transactions) * 1000;
  const ratio = (value: number, base: number) => (value / base).toFixed(2);
  console.log(
    `| ${label} | ${sps.toFixed(0)} | ${ratio(baseline.selects, result.selects)} | ${tps.toFixed(0)} | ${ratio(baseline.transactions, result.transactions)} |`,
  );
}
