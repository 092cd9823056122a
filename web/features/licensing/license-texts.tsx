import { Badge } from '@mantine/core';
import type { LicenseStatus, LicenseTypeTexts } from '../../../common/contracts/licenses';
import { formatMoney } from '../../../common/money';
import { useTranslation } from '../../lib/translation';

/** What a request shows as its status: a refunded sale is "Refunded", not "Cancelled". */
export type ShownLicenseStatus = LicenseStatus | 'refunded';
export const shownStatus = (request: { status: LicenseStatus; refunded: boolean }): ShownLicenseStatus =>
  request.refunded ? 'refunded' : request.status;

export const LICENSE_STATUS_COLOURS: Record<ShownLicenseStatus, string> = {
  open: 'blue',
  awaiting_payment: 'orange',
  processing_payment: 'yellow',
  completed: 'green',
  cancelled: 'gray',
  refunded: 'grape',
};

/** A request's status as a badge. */
export function LicenseStatusBadge({ request }: { request: { status: LicenseStatus; refunded: boolean } }) {
  const { t } = useTranslation();
  const status = shownStatus(request);
  return (
    <Badge color={LICENSE_STATUS_COLOURS[status]} variant="light">
      {t(`licensing.status.${status}`)}
    </Badge>
  );
}

/** The type's name and description in the UI language. */
export function useTypeTexts() {
  const { i18n } = useTranslation();
  const greek = (i18n.language ?? i18n.language) === 'el';
  return (type: LicenseTypeTexts) => ({
    name: greek ? type.nameEl : type.nameEn,
    description: greek ? type.descriptionEl : type.descriptionEn,
  });
}

/** A price in the UI language's format, or "Price by request" when there is none yet. */
export function usePriceText() {
  const { t, i18n } = useTranslation();
  const language = i18n.language ?? i18n.language;
  return (cents: number | null, currency: string) =>
    cents === null ? t('licensing.priceByRequest') : formatMoney(cents, currency, language);
}
