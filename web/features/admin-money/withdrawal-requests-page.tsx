import { Anchor, Badge, Container, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { AdminWithdrawal } from '../../../common/contracts/admin-money';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../common/contracts/earnings';
import { buildPath, ROUTES } from '../../../common/routes';
import { PagedList } from '../../components/paged-list';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { knownParam } from '../../lib/url-filter';
import { useWithdrawals } from './api';
import { useMoney, WithdrawalStatusBadge } from './money-texts';

const parseStatus = (value: string | null): WithdrawalStatus | null => knownParam(WITHDRAWAL_STATUSES, value);

/** One request as a card: readable at any width. */
function WithdrawalCard({ item }: { item: AdminWithdrawal }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { dateTime } = useDates();
  return (
    <Paper withBorder radius="md" p="md" data-testid="withdrawal-row">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={buildPath(ROUTES.adminWithdrawalRequest, { withdrawalRequestId: item.id })}
            fw={600}
          >
            {money(item.amountCents, item.currency)} · {item.user.name || item.user.email}
          </Anchor>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.user.email}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`withdrawals.methods.${item.method}`)} ·{' '}
            {t('adminMoney.requestedAt', { date: dateTime(item.createdAt) })}
          </Text>
        </Stack>
        <Group gap="xs">
          {item.memberDisabled && (
            <Badge color="orange" variant="outline">
              {t('adminMoney.memberDisabled')}
            </Badge>
          )}
          <WithdrawalStatusBadge status={item.status} />
        </Group>
      </Group>
    </Paper>
  );
}

/** /admin/withdrawal_requests: the queue, oldest first, filtered by status (pending by default). */
export function WithdrawalRequestsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = raw === 'all' ? null : (parseStatus(raw) ?? 'pending');
  const query = useWithdrawals(status);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('routes.adminWithdrawalRequests')}</Title>
        <Select
          label={t('adminMoney.filter.status')}
          data={[
            { value: 'all', label: t('adminMoney.filter.all') },
            ...WITHDRAWAL_STATUSES.map((value) => ({
              value,
              label: t(`withdrawals.statuses.${value}`),
            })),
          ]}
          value={status ?? 'all'}
          onChange={(value) => setParams(value ? { status: value } : {})}
          allowDeselect={false}
          maw={280}
        />
        <PagedList
          query={query}
          empty={t('adminMoney.noWithdrawals')}
          gap="sm"
          renderItem={(item) => <WithdrawalCard item={item} />}
        />
      </Stack>
    </Container>
  );
}
