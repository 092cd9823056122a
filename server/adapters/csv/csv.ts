import { type Options, stringify } from 'csv-stringify/sync';

/** What a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A signed amount such as -12.50 starts with '-' too, and must stay a number that sums. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * A text cell as a spreadsheet should show it: one that would start a formula (a video title such as
 * `=HYPERLINK(…)`, typed by whoever uploaded it) gets a leading apostrophe, which spreadsheets show as
 * text and do not run. Plain numbers are left as they are.
 */
export function spreadsheetCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** Every CSV export goes through here, so no cell of ours can run as a formula in the reader's spreadsheet. */
export function toCsv(records: unknown[], options: Options = {}): string {
  return stringify(records, { ...options, cast: { ...options.cast, string: spreadsheetCell } });
}
