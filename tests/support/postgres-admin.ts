import pg from 'pg';

/**
 * One statement on its own connection (CREATE or DROP DATABASE cannot run inside a pool's transaction);
 * its rows.
 */
export async function adminQuery<Row extends object = Record<string, unknown>>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
