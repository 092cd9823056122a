import { Container, Stack, Title } from '@mantine/core';
import { BalanceCard } from '../../components/earnings/balance-card';
import { RequireSignIn } from '../../components/require-sign-in';
import { useRouteNames } from '../../lib/route-title';
import { TransactionHistory } from './transaction-history';
import { WithdrawalList } from './withdrawal-list';

/** /me/transactions (SPEC 2.1): the balance with "Withdraw", the withdrawal requests, and the history. */
export function TransactionsPage() {
  const [title] = useRouteNames();
  return (
    <RequireSignIn>
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Title order={1}>{title}</Title>
          <BalanceCard />
          <WithdrawalList />
          <TransactionHistory />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}
