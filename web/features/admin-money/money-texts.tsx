import { Badge } from '@mantine/core';
import type { WithdrawalStatus } from '../../../common/contracts/earnings';
import { formatMoney } from '../../../common/money';
import { useTranslation } from '../../lib/translation';

/** Formats cents of a currency for the reader's language. */
export function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
}

const STATUS_COLOURS: Record<WithdrawalStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'green',
  rejected: 'red',
  cancelled: 'gray',
  failed: 'red',
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(`withdrawals.statuses.${status}`)}
    </Badge>
  );
}
