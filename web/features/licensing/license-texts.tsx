import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LicenseStatus, LicenseTypeTexts } from '../../../common/contracts/licenses';
import { formatMoney } from '../../../common/money';

const STATUS_COLOURS: Record<LicenseStatus, string> = {
  open: 'blue',
  awaiting_payment: 'orange',
  processing_payment: 'yellow',
  completed: 'green',
  cancelled: 'gray',
};

/** A request's status as a badge. */
export function LicenseStatusBadge({ status }: { status: LicenseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(`licensing.status.${status}`)}
    </Badge>
  );
}

/** The type's name and description in the UI language. */
export function useTypeTexts() {
  const { i18n } = useTranslation();
  const greek = (i18n.resolvedLanguage ?? i18n.language) === 'el';
  return (type: LicenseTypeTexts) => ({
    name: greek ? type.nameEl : type.nameEn,
    description: greek ? type.descriptionEl : type.descriptionEn,
  });
}

/** A price in the UI language's format, or "Price by request" when there is none yet. */
export function usePriceText() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (cents: number | null, currency: string) =>
    cents === null ? t('licensing.priceByRequest') : formatMoney(cents, currency, language);
}
