/** Integer cents as the decimal string payout APIs take ("12.34"); currencies with two decimals. */
export function formatAmount(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = String(Math.abs(cents % 100)).padStart(2, '0');
  return `${whole}.${fraction}`;
}
