/** Money is integer cents with a currency (DESIGN "Money"); shown in the reader's locale. */
export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === 'el' ? 'el-GR' : 'en-GB', { style: 'currency', currency }).format(
    cents / 100,
  );
}
