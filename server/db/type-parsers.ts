import pg from 'pg';

/**
 * Both drivers must hand the same JavaScript values to our code, so the conversions live here, once.
 * - int8 (count(*), sums of cents) becomes a number when it is safe, as PGlite does by default;
 * - date stays the 'YYYY-MM-DD' text it is, instead of a Date at some time zone's midnight.
 */
const INT8_OID = 20;
const DATE_OID = 1082;

function parseInt8(value: string): number | bigint {
  const big = BigInt(value);
  return big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER) ? big : Number(big);
}

let configured = false;
/** Applies the conversions to node-postgres (global to the process, so done once). */
export function configurePgTypes(): void {
  if (configured) return;
  pg.types.setTypeParser(INT8_OID, parseInt8);
  pg.types.setTypeParser(DATE_OID, (value: string) => value);
  configured = true;
}

/** The same conversions for PGlite, given at construction. */
export const PGLITE_PARSERS = {
  [INT8_OID]: parseInt8,
  [DATE_OID]: (value: string) => value,
};
