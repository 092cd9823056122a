/** `npm run ledger:check`: recomputes every balance from the ledger and compares it with the screens'. */
import 'dotenv/config';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
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
  console.log(
    differences.length === 0
      ? 'The ledger holds: every balance matches its rows.'
      : `${differences.length} balance(s) differ.`,
  );
  process.exitCode = differences.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
