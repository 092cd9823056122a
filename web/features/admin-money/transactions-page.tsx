import {
  Alert,
  Button,
  Container,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AdjustmentFormValues,
  type AdminTransactionList,
  type AdminTransactionsFilter,
  adjustmentForm,
} from '../../../common/contracts/admin-money';
import { CURRENCIES, type Currency } from '../../../common/contracts/admin-settings';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../common/video-status';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useAppSettings } from '../../lib/app-settings';
import { fieldProps, zodValidator } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { transactionsCsvHref, useAdjustment, useAdminTransactions } from './api';
import { LedgerTable } from './ledger-table';
import { useMoney } from './money-texts';

const FILTER_KEYS = ['type', 'status', 'user', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * An admin's credit or debit of a user, with a mandatory reason: the amount as typed (a dot or, in Greek,
 * a comma) read as exact cents by the contract's `adjustmentForm`, in one of the platform's currencies (its
 * own by default).
 */
function AdjustmentDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const adjust = useAdjustment();
  const settings = useAppSettings();
  const form = useForm<AdjustmentFormValues>({
    initialValues: { user: '', type: 'income_transfer', amount: '', currency: CURRENCIES[0], reason: '' },
    validate: zodValidator(adjustmentForm),
  });
  const platformCurrency = settings.data?.currency as Currency | undefined;
  // The platform's own currency, once known, unless the admin already chose another.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the settings arrive
  useEffect(() => {
    if (platformCurrency && !form.isDirty('currency')) form.setFieldValue('currency', platformCurrency);
  }, [platformCurrency]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('adminMoney.adjustTitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const { amount, ...rest } = adjustmentForm.parse(values);
          adjust.mutate(
            { ...rest, amountCents: amount },
            {
              onSuccess: () => {
                showToast('success', t('adminMoney.adjusted'));
                form.setValues({ amount: '', reason: '' });
                onClose();
              },
            },
          );
        })}
      >
        <Stack>
          <FormError error={adjust.error} />
          <TextInput label={t('adminMoney.userIdOrEmail')} required {...fieldProps(form, t, 'user')} />
          <SegmentedControl
            aria-label={t('adminMoney.column.type')}
            data={[
              { value: 'income_transfer', label: t('earnings.types.income_transfer') },
              { value: 'outgoing_transfer', label: t('earnings.types.outgoing_transfer') },
            ]}
            {...form.getInputProps('type')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('adminMoney.amount')}
              inputMode="decimal"
              autoComplete="off"
              required
              {...fieldProps(form, t, 'amount')}
            />
            <Select
              label={t('adminSettings.platform.currency')}
              data={[...CURRENCIES]}
              allowDeselect={false}
              {...fieldProps(form, t, 'currency')}
            />
          </Group>
          <Textarea
            label={t('adminMoney.adjustReason')}
            required
            autosize
            minRows={2}
            maxLength={1000}
            {...fieldProps(form, t, 'reason')}
          />
          <Button type="submit" loading={adjust.isPending}>
            {t('adminMoney.adjustSubmit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/** /admin/transactions: every ledger row by filter, totals per type, CSV, adjustments. */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter: AdminTransactionsFilter = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])),
  );
  const [adjusting, setAdjusting] = useState(false);
  const query = useAdminTransactions(filter);
  const set = (key: FilterKey, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const totals = query.data?.pages[0]?.totals ?? [];
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title={t('routes.adminTransactions')}>
          <Group gap="xs">
            <Button component="a" variant="default" href={transactionsCsvHref(filter)} download>
              {t('adminMoney.exportCsv')}
            </Button>
            <Button onClick={() => setAdjusting(true)}>{t('adminMoney.adjust')}</Button>
          </Group>
        </PageHeader>
        <TransactionFilters filter={filter} set={set} />
        {!query.isSuccess ? (
          <QueryState query={query} />
        ) : rows.length === 0 ? (
          <Alert color="gray" variant="light">
            {t('adminMoney.noTransactions')}
          </Alert>
        ) : (
          <>
            <Title order={2} size="h3">
              {t('adminMoney.totals')}
            </Title>
            <TotalsTable totals={totals} />
            <Title order={2} size="h3">
              {t('adminMoney.rowsTitle')}
            </Title>
            <LedgerTable rows={rows} withUser />
            {query.hasNextPage && (
              <Button
                variant="default"
                onClick={() => query.fetchNextPage()}
                loading={query.isFetchingNextPage}
              >
                {t('moderation.queue.loadMore')}
              </Button>
            )}
            <Text size="sm" c="dimmed">
              {t('adminMoney.totalsNote')}
            </Text>
          </>
        )}
      </Stack>
      <AdjustmentDialog opened={adjusting} onClose={() => setAdjusting(false)} />
    </Container>
  );
}

/** The filter, kept in the address: type, status, user (applied on Enter or on leaving the field), dates. */
function TransactionFilters({
  filter,
  set,
}: {
  filter: AdminTransactionsFilter;
  set: (key: FilterKey, value: string | null) => void;
}) {
  const { t } = useTranslation();
  const [userText, setUserText] = useState(filter.user ?? '');
  return (
    <Paper withBorder p="md" radius="md">
      {/* Inputs line up along the bottom when a long label (Greek) takes two lines. */}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} style={{ alignItems: 'end' }}>
        <Select
          label={t('adminMoney.column.type')}
          placeholder={t('adminMoney.filter.all')}
          data={TRANSACTION_TYPES.map((value) => ({ value, label: t(`earnings.types.${value}`) }))}
          value={filter.type ?? null}
          onChange={(value) => set('type', value)}
          clearable
        />
        <Select
          label={t('adminMoney.column.status')}
          placeholder={t('adminMoney.filter.all')}
          data={TRANSACTION_STATUSES.map((value) => ({ value, label: t(`earnings.statuses.${value}`) }))}
          value={filter.status ?? null}
          onChange={(value) => set('status', value)}
          clearable
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            set('user', userText.trim() || null);
          }}
        >
          <TextInput
            label={t('adminMoney.userIdOrEmail')}
            value={userText}
            onChange={(event) => setUserText(event.currentTarget.value)}
            onBlur={() => set('user', userText.trim() || null)}
          />
        </form>
        <TextInput
          type="date"
          label={t('adminMoney.from')}
          value={filter.from ?? ''}
          onChange={(event) => set('from', event.currentTarget.value || null)}
        />
        <TextInput
          type="date"
          label={t('adminMoney.to')}
          value={filter.to ?? ''}
          onChange={(event) => set('to', event.currentTarget.value || null)}
        />
      </SimpleGrid>
    </Paper>
  );
}

/** Rows and total per type and currency, over the whole filter. */
function TotalsTable({ totals }: { totals: AdminTransactionList['totals'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Table maw={560} data-testid="totals">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('adminMoney.column.type')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('adminMoney.rows')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('adminMoney.total')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {totals.map((total) => (
          <Table.Tr key={`${total.type}-${total.currency}`}>
            <Table.Td>{t(`earnings.types.${total.type}`)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{total.count}</Table.Td>
            <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
              {money(total.totalCents, total.currency)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
