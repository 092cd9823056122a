import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { MyWithdrawal } from '../../../common/contracts/earnings';
import { formatMoney } from '../../../common/money';
import { useCancelWithdrawal } from '../../components/earnings/api';
import { FormError } from '../../components/form-error';
import { PagedList } from '../../components/paged-list';
import { useDates } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useMyWithdrawals } from './api';

const STATUS_COLOURS: Record<MyWithdrawal['status'], string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'teal',
  rejected: 'red',
  cancelled: 'gray',
  failed: 'red',
};

/** The member's withdrawal requests: status, where to, dates, the reason or payout reference. */
export function WithdrawalList() {
  const { t } = useTranslation();
  const withdrawals = useMyWithdrawals();
  return (
    <Stack gap="sm" component="section" aria-labelledby="withdrawals-title">
      <Title order={2} fz="lg" id="withdrawals-title">
        {t('withdrawals.listTitle')}
      </Title>
      <PagedList
        query={withdrawals}
        gap="xs"
        empty={t('withdrawals.listEmpty')}
        renderItem={(withdrawal) => <WithdrawalRow withdrawal={withdrawal} />}
      />
    </Stack>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: MyWithdrawal }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  const cancel = useCancelWithdrawal();
  const { date } = useDates();
  return (
    <Paper withBorder radius="md" p="md" data-testid="withdrawal-request" id={`withdrawal-${withdrawal.id}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{formatMoney(withdrawal.amountCents, withdrawal.currency, language)}</Text>
          <Text size="sm" c="dimmed">
            {t(`withdrawals.methods.${withdrawal.method}`)} ·{' '}
            {t('withdrawals.to', { to: withdrawal.payoutTo })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('withdrawals.requestedOn', { date: date(withdrawal.createdAt) })}
            {withdrawal.decidedAt && ` · ${t('withdrawals.decidedOn', { date: date(withdrawal.decidedAt) })}`}
          </Text>
          {withdrawal.rejectReason && (
            <Text size="sm">{t('withdrawals.rejectReason', { reason: withdrawal.rejectReason })}</Text>
          )}
          {withdrawal.payoutReference && (
            <Text size="sm">
              {t('withdrawals.payoutReference', { reference: withdrawal.payoutReference })}
            </Text>
          )}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Badge color={STATUS_COLOURS[withdrawal.status]} variant="light">
            {t(`withdrawals.statuses.${withdrawal.status}`)}
          </Badge>
          {withdrawal.status === 'pending' && (
            <Button
              size="xs"
              variant="default"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(withdrawal.id, {
                  onSuccess: () => showToast('success', t('withdrawals.cancelled')),
                })
              }
            >
              {t('withdrawals.cancelRequest')}
            </Button>
          )}
        </Stack>
      </Group>
      <FormError error={cancel.error} />
    </Paper>
  );
}
