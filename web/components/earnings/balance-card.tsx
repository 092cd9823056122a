import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BalancesResponse, BalanceView } from '../../../common/contracts/earnings';
import { formatMoney } from '../../../common/money';
import { ROUTES } from '../../../common/routes';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { loadingRegion } from '../loading-region';
import { useBalances } from './api';
import { WithdrawDialog } from './withdraw-dialog';

/** How many of the earnings still inside the delay are listed with their dates. */
const PENDING_SHOWN = 3;

/**
 * The balance (SPEC 2.6 dashboard, /me/transactions): available, pending (with when each earning
 * becomes available) and reserved, per currency, with the "Withdraw" button.
 */
export function BalanceCard({ historyLink = false }: { historyLink?: boolean }) {
  const { t } = useTranslation();
  const balances = useBalances();

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="balance-title"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="balance-title">
            {t('earnings.balanceTitle')}
          </Title>
          {historyLink && (
            <Anchor component={Link} to={ROUTES.myTransactions} size="sm">
              <Group gap={4} wrap="nowrap">
                {t('earnings.history')}
                <IconArrowRight size={14} />
              </Group>
            </Anchor>
          )}
        </Group>
        {balances.isPending ? (
          <Skeleton h={72} {...loadingRegion(t)} />
        ) : balances.isError ? (
          <Alert color="red">
            {t('earnings.loadError')}{' '}
            <Button variant="light" color="red" size="xs" onClick={() => void balances.refetch()}>
              {t('home.retry')}
            </Button>
          </Alert>
        ) : balances.data.balances.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('earnings.noBalance')}
          </Text>
        ) : (
          balances.data.balances.map((balance) => (
            <CurrencyBalance key={balance.currency} balance={balance} data={balances.data} />
          ))
        )}
      </Stack>
    </Paper>
  );
}

function CurrencyBalance({ balance, data }: { balance: BalanceView; data: BalancesResponse }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [withdrawing, setWithdrawing] = useState(false);
  const money = (cents: number) => formatMoney(cents, balance.currency, language);
  const { date } = useDates();
  const pending = data.pendingEarnings.filter((earning) => earning.currency === balance.currency);
  const figures = [
    { key: 'available', cents: balance.availableCents, hint: t('earnings.availableHint') },
    {
      key: 'pending',
      cents: balance.pendingCents,
      hint: t('earnings.pendingHint', { days: data.policy.delayDays }),
    },
    { key: 'reserved', cents: balance.reservedCents, hint: t('earnings.reservedHint') },
  ] as const;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {figures.map((figure) => (
          <Stack key={figure.key} gap={2} data-testid={`balance-${figure.key}`}>
            <Text size="sm" c="dimmed">
              {t(`earnings.${figure.key}`)}
            </Text>
            <Text
              fw={800}
              fz={figure.key === 'available' ? 26 : 20}
              lh={1.2}
              c={figure.cents < 0 ? 'red.8' : undefined}
            >
              {money(figure.cents)}
            </Text>
            <Text size="xs" c="dimmed">
              {figure.hint}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {pending.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('earnings.pendingList')}
          </Text>
          <Text component="ul" size="sm" m={0} pl="md">
            {pending.slice(0, PENDING_SHOWN).map((earning) => (
              <li key={earning.id}>
                {t('earnings.pendingItem', {
                  amount: money(earning.amountCents),
                  date: date(earning.availableAt),
                })}
              </li>
            ))}
          </Text>
        </Stack>
      )}
      <Group>
        <Button leftSection={<IconCash size={18} />} onClick={() => setWithdrawing(true)}>
          {t('earnings.withdraw')}
        </Button>
      </Group>
      <WithdrawDialog
        opened={withdrawing}
        onClose={() => setWithdrawing(false)}
        currency={balance.currency}
        availableCents={balance.availableCents}
        policy={data.policy}
      />
    </Stack>
  );
}
