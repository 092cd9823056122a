import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LedgerEntryView } from '../../../common/contracts/earnings';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../common/video-status';
import { PagedList } from '../../components/paged-list';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { knownParam, useUrlFilter } from '../../lib/url-filter';
import { exportHref, type HistoryFilters, useTransactions } from './api';

const STATUS_COLOURS: Record<LedgerEntryView['status'], string> = {
  pending: 'yellow',
  processing: 'blue',
  completed: 'teal',
  reverted: 'grape',
  cancelled: 'gray',
};

/**
 * Every ledger row of the member, newest first, filtered by type and status, with its CSV export. The
 * filters live in the address, so a receipt can link to one sale's rows (`?sale=`).
 */
export function TransactionHistory() {
  const { t, i18n } = useTranslation();
  const { params, setParam } = useUrlFilter();
  const filters: HistoryFilters = {
    type: knownParam(TRANSACTION_TYPES, params.get('type')),
    status: knownParam(TRANSACTION_STATUSES, params.get('status')),
    sale: params.get('sale'),
  };
  const transactions = useTransactions(filters);
  const filtered = Boolean(filters.type || filters.status || filters.sale);
  const exportUrl = exportHref(filters, i18n.language ?? 'en');

  return (
    <Stack gap="sm" component="section" aria-labelledby="history-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="lg" id="history-title">
          {t('earnings.history')}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('earnings.filterType')}
            placeholder={t('earnings.allTypes')}
            data={TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`earnings.types.${type}`) }))}
            value={filters.type}
            onChange={(type) => setParam('type', type)}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('earnings.filterStatus')}
            placeholder={t('earnings.allStatuses')}
            data={TRANSACTION_STATUSES.map((status) => ({
              value: status,
              label: t(`earnings.statuses.${status}`),
            }))}
            value={filters.status}
            onChange={(status) => setParam('status', status)}
            clearable
            w={{ base: '100%', xs: 210 }}
          />
          <Button
            component="a"
            href={exportUrl}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            {t('earnings.exportCsv')}
          </Button>
        </Group>
      </Group>
      {filters.sale && (
        <Alert variant="light" color="blue" p="sm">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('earnings.oneSale')}</Text>
            <Button variant="default" size="xs" onClick={() => setParam('sale', null)}>
              {t('earnings.showAll')}
            </Button>
          </Group>
        </Alert>
      )}
      <PagedList
        query={transactions}
        gap="xs"
        empty={t(filtered ? 'earnings.historyEmptyFiltered' : 'earnings.historyEmpty')}
        renderItem={(entry) => <LedgerRow entry={entry} />}
      />
    </Stack>
  );
}

function LedgerRow({ entry }: { entry: LedgerEntryView }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  const dates = useDates();
  const pendingUntil =
    entry.availableAt && entry.amountCents > 0 && new Date(entry.availableAt).getTime() > Date.now()
      ? entry.availableAt
      : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="ledger-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>
            {/* A counter-row of a license's rows is its refund; any other is an admin's reversal. */}
            {entry.reversesId && `${t(entry.licenseRequestId ? 'earnings.refund' : 'earnings.reversal')}: `}
            {t(`earnings.types.${entry.type}`)}
          </Text>
          <Text size="sm" c="dimmed">
            {dates.dateTime(entry.createdAt)}
            {pendingUntil &&
              ` · ${t('earnings.availableOn', {
                date: dates.date(pendingUntil),
              })}`}
          </Text>
          {entry.videoTitle && (
            <Text size="sm" truncate>
              {entry.licenseRequestVisible && entry.licenseRequestId ? (
                <Anchor
                  component={Link}
                  to={buildPath(ROUTES.myLicense, { licenseRequestId: entry.licenseRequestId })}
                >
                  {entry.videoTitle}
                </Anchor>
              ) : (
                entry.videoTitle
              )}
            </Text>
          )}
          {entry.withdrawalRequestId && (
            <Anchor href={`#withdrawal-${entry.withdrawalRequestId}`} size="sm">
              {t('earnings.openWithdrawal')}
            </Anchor>
          )}
          {entry.reason && (
            <Text size="sm" c="dimmed">
              {entry.reason}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={700} c={entry.amountCents < 0 ? 'red.8' : 'teal.9'}>
            {formatMoney(entry.amountCents, entry.currency, language)}
          </Text>
          <Badge color={STATUS_COLOURS[entry.status]} variant="light">
            {t(`earnings.statuses.${entry.status}`)}
          </Badge>
        </Stack>
      </Group>
    </Paper>
  );
}
