import { Container, Stack, Title } from '@mantine/core';
import { BalanceCard } from '../../components/earnings/balance-card';
import { RequireSignIn } from '../../components/require-sign-in';
import { useRouteNames } from '../../lib/route-title';
import { MonthlyStatement } from './monthly-statement';
import { TransactionHistory } from './transaction-history';
import { WithdrawalList } from './withdrawal-list';

/**
 * /me/transactions (SPEC 2.1): the balance with "Withdraw", the withdrawal requests, the monthly
 * statement and the history.
 */
export function TransactionsPage() {
  const [title] = useRouteNames();
  return (
    <RequireSignIn>
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Title order={1}>{title}</Title>
          <BalanceCard />
          <WithdrawalList />
          <MonthlyStatement />
          <TransactionHistory />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}
