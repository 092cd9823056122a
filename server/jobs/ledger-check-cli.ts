/**
 * `npm run ledger:check`: recomputes every balance from the ledger and compares it with the screens', and
 * checks that the books balance (every sale conserves its price, every counter-row undoes one row).
 */
import 'dotenv/config';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { cents, checkBooks } from '../services/earnings/books-check';
import { checkLedger } from '../services/earnings/ledger-check';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const differences = await checkLedger(database.db);
  for (const difference of differences) {
    console.error(
      `user ${difference.userId}: from the rows ${JSON.stringify(difference.fromRows)}, shown ${JSON.stringify(difference.shown)}`,
    );
  }
  const books = await checkBooks(database.db);
  for (const breach of books.breaches) console.error(breach);
  for (const { currency, paidCents, earnedCents, keptCents } of books.platform) {
    console.log(
      `${currency}: buyers paid ${cents(paidCents, currency)}, creators and referrers earned ${cents(earnedCents, currency)}, the platform kept ${cents(keptCents, currency)}`,
    );
  }
  const holds = differences.length === 0 && books.breaches.length === 0;
  console.log(
    holds
      ? 'The ledger holds: every balance matches its rows, and every sale and counter-row balances.'
      : `${differences.length} balance(s) differ; ${books.breaches.length} breach(es) of the books.`,
  );
  process.exitCode = holds ? 0 : 1;
} finally {
  await database.close();
}
