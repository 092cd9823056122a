import { Container, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BalanceCard } from '../../components/earnings/balance-card';
import { RequireSignIn } from '../../components/require-sign-in';
import { useRouteNames } from '../../lib/route-title';
import { MonthlyStatement } from './monthly-statement';
import { TransactionHistory } from './transaction-history';
import { WithdrawalList } from './withdrawal-list';

/**
 * /me/transactions (SPEC 2.1): the balance with "Withdraw", the withdrawal requests, the monthly
 * statement and the history. Opened on one sale (a receipt's link, `?sale=`), its rows come first: on a
 * phone they would be three screens down.
 */
export function TransactionsPage() {
  const [title] = useRouteNames();
  const [params] = useSearchParams();
  // Kept while the page is open: "show all" lists every row where the sale's were, not three screens down.
  const [historyFirst] = useState(() => params.has('sale'));
  return (
    <RequireSignIn>
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Title order={1}>{title}</Title>
          {historyFirst && <TransactionHistory />}
          <BalanceCard />
          <WithdrawalList />
          <MonthlyStatement />
          {!historyFirst && <TransactionHistory />}
        </Stack>
      </Container>
    </RequireSignIn>
  );
}
