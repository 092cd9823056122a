import { formatDate } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import type { TFunction } from '../../../common/translator';
import { ApiError } from '../../lib/api';

/**
 * The refusals of a withdrawal carry amounts and a date in cents and ISO form: written here in the
 * user's language. Null for any other error (the plain form error shows it).
 */
export function withdrawalRefusal(error: unknown, t: TFunction, language: string): string | null {
  if (!(error instanceof ApiError) || !error.params) return null;
  const currency = String(error.params.currency ?? 'EUR');
  const money = (key: string) => formatMoney(Number(error.params?.[key] ?? 0), currency, language);
  switch (error.code) {
    case 'WITHDRAWAL_BELOW_MINIMUM':
      return t('errors.WITHDRAWAL_BELOW_MINIMUM', { minimum: money('minimumCents') });
    case 'WITHDRAWAL_NOT_YET_AVAILABLE': {
      const date = formatDate(String(error.params.availableOn), language);
      // "You can withdraw €0.00 now" reads as a fault: when none of it is available, say only when.
      if (Number(error.params.availableCents ?? 0) <= 0) return t('withdrawals.noneAvailableYet', { date });
      return t('errors.WITHDRAWAL_NOT_YET_AVAILABLE', { available: money('availableCents'), date });
    }
    case 'INSUFFICIENT_BALANCE':
      return t('errors.INSUFFICIENT_BALANCE', { available: money('availableCents') });
    default:
      return null;
  }
}
