import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { AdminWithdrawalDetail } from '../../../common/contracts/admin-money';
import { ROUTES } from '../../../common/routes';
import { BackLink } from '../../components/back-link';
import { FormError } from '../../components/form-error';
import { LoadingSpinner } from '../../components/query-state';
import { ReasonDialog } from '../../components/reason-dialog';
import { useDates } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useWithdrawal, useWithdrawalAction } from './api';
import { LedgerTable } from './ledger-table';
import { useMoney, WithdrawalStatusBadge } from './money-texts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

/** Pay (a manual reference, or the configured provider) and Reject (a reason) of a pending request. */
function Decision({ request }: { request: AdminWithdrawalDetail }) {
  const { t } = useTranslation();
  const action = useWithdrawalAction(request.id);
  const [reference, setReference] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const money = useMoney();
  const done = (status: string) => showToast('success', t(`withdrawals.statuses.${status}`));
  if (request.status === 'processing') {
    return (
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Text>{t('adminMoney.processingNote')}</Text>
          <FormError error={action.error} />
          <Button
            variant="default"
            loading={action.isPending}
            onClick={() => action.mutate({ kind: 'refresh' }, { onSuccess: (r) => done(r.status) })}
          >
            {t('adminMoney.refresh')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (request.status !== 'pending') return null;
  const balance = request.balances.find((b) => b.currency === request.currency);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Title order={2} size="h3">
          {t('adminMoney.decide')}
        </Title>
        {request.hold && (
          <Alert color="orange" title={t('adminMoney.heldTitle')} role="status">
            {t(`adminMoney.holds.${request.hold}`, {
              available: money(balance?.availableCents ?? 0, request.currency),
            })}
          </Alert>
        )}
        <FormError error={rejecting ? null : action.error} />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate(
              { kind: 'pay', ...(reference.trim() && { reference: reference.trim() }) },
              { onSuccess: (r) => done(r.status) },
            );
          }}
        >
          <Stack>
            <TextInput
              label={t('adminMoney.reference')}
              description={
                request.automaticPayout ? t('adminMoney.referenceOptional') : t('adminMoney.referenceHelp')
              }
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
              required={!request.automaticPayout}
              maxLength={200}
            />
            <Group>
              <Button type="submit" loading={action.isPending} disabled={request.hold !== null}>
                {request.automaticPayout && !reference.trim()
                  ? t('adminMoney.payWithPayPal')
                  : t('adminMoney.pay')}
              </Button>
              <Button variant="default" color="red" onClick={() => setRejecting(true)}>
                {t('adminMoney.reject')}
              </Button>
            </Group>
          </Stack>
        </form>
        <ReasonDialog
          opened={rejecting}
          onClose={() => setRejecting(false)}
          title={t('adminMoney.confirmReject')}
          reason={{
            label: t('adminMoney.rejectReason'),
            description: t('adminMoney.rejectReasonHelp'),
            maxLength: 1000,
            requiredError: 'adminMoney.errors.reasonRequired',
          }}
          keepLabel={t('adminMoney.back')}
          confirmLabel={t('adminMoney.confirmReject')}
          pending={action.isPending}
          error={rejecting ? action.error : null}
          onConfirm={(reason) =>
            action.mutate({ kind: 'reject', reason }, { onSuccess: () => done('rejected') })
          }
        />
      </Stack>
    </Paper>
  );
}

/** /admin/withdrawal_requests/:id: the request, the user's balance and ledger, and the decision. */
export function WithdrawalRequestPage() {
  const { t } = useTranslation();
  const { withdrawalRequestId = '' } = useParams();
  const query = useWithdrawal(withdrawalRequestId);
  const money = useMoney();
  const { dateTime } = useDates();
  if (query.isPending) {
    return <LoadingSpinner />;
  }
  if (query.isError) {
    return (
      <Container size="md" py="xl">
        <FormError error={query.error} />
      </Container>
    );
  }
  const request = query.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <BackLink to={ROUTES.adminWithdrawalRequests}>{t('routes.adminWithdrawalRequests')}</BackLink>
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>
            {t('adminMoney.withdrawalOf', { amount: money(request.amountCents, request.currency) })}
          </Title>
          <WithdrawalStatusBadge status={request.status} />
        </Group>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Fact label={t('adminMoney.user')}>
              {request.user.name} ({request.user.email})
            </Fact>
            <Fact label={t('adminMoney.requested')}>{dateTime(request.createdAt)}</Fact>
            <Fact label={t('adminMoney.methodLabel')}>{t(`withdrawals.methods.${request.method}`)}</Fact>
            {request.payoutDetails.email && (
              <Fact label={t('adminMoney.paypalEmail')}>{request.payoutDetails.email}</Fact>
            )}
            {request.payoutDetails.iban && <Fact label="IBAN">{request.payoutDetails.iban}</Fact>}
            {request.payoutDetails.holder && (
              <Fact label={t('adminMoney.holder')}>{request.payoutDetails.holder}</Fact>
            )}
            {request.payoutReference && (
              <Fact label={t('adminMoney.reference')}>{request.payoutReference}</Fact>
            )}
            {request.decidedAt && <Fact label={t('adminMoney.decided')}>{dateTime(request.decidedAt)}</Fact>}
          </SimpleGrid>
        </Paper>
        {request.rejectReason && (
          <Alert color="red" title={t('adminMoney.rejectReason')}>
            {request.rejectReason}
          </Alert>
        )}
        {request.failureReason && (
          <Alert color="red" title={t('adminMoney.failureReason')}>
            {request.failureReason}
          </Alert>
        )}
        <Decision request={request} />
        <Title order={2} size="h3">
          {t('adminMoney.balance')}
        </Title>
        {request.balances.map((balance) => (
          <SimpleGrid key={balance.currency} cols={{ base: 1, xs: 3 }}>
            <Fact label={t('adminMoney.available')}>{money(balance.availableCents, balance.currency)}</Fact>
            <Fact label={t('adminMoney.pending')}>{money(balance.pendingCents, balance.currency)}</Fact>
            <Fact label={t('adminMoney.reserved')}>{money(balance.reservedCents, balance.currency)}</Fact>
          </SimpleGrid>
        ))}
        <Title order={2} size="h3">
          {t('adminMoney.recentTransactions')}
        </Title>
        <LedgerTable rows={request.recentTransactions} />
      </Stack>
    </Container>
  );
}
