/** Money is integer cents with a currency (DESIGN "Money"); this writes it for people, in their language. */
export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === 'el' ? 'el-GR' : 'en-GB', { style: 'currency', currency }).format(
    cents / 100,
  );
}

/**
 * Cents as a person edits them in a field, in their language's decimal mark: 4990 -> "49.90", Greek
 * "49,90" (no currency sign, no grouping), so what a form starts with reads back through parseAmountToCents.
 */
export function amountText(cents: number, language: string): string {
  const text = `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
  return language === 'el' ? text.replace('.', ',') : text;
}

/**
 * What a person typed as an amount ("80", "80.5", "1.234,56" is refused), as integer cents, read from the
 * digits so no float ever rounds it: null when it is not a positive amount with at most two decimals.
 * A comma is accepted as the decimal mark (Greek writes 80,50).
 */
export function parseAmountToCents(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}
