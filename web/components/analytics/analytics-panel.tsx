import { Alert, Button, Group, SegmentedControl, Stack, Switch, useMatches } from '@mantine/core';
import '@mantine/charts/styles.css';
import { useState } from 'react';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../common/contracts/analytics';
import { useTranslation } from '../../lib/translation';
import { LoadingSpinner } from '../query-state';
import { AnalyticsReport } from './analytics-report';
import { useAnalytics } from './api';

/** A period's analytics of all the creator's videos or of one (`videoId`, its page's tab). */
export function AnalyticsPanel({ videoId }: { videoId?: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  const [asTable, setAsTable] = useState(false);
  const report = useAnalytics(period, videoId);
  const narrowScreen = useMatches({ base: true, xs: false });
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          // Four periods fit a phone's width in the smaller size.
          size={narrowScreen ? 'xs' : 'sm'}
          fullWidth={narrowScreen}
          w={{ base: '100%', xs: 'auto' }}
          aria-label={t('analytics.period')}
          value={period}
          onChange={(value) => setPeriod(value as AnalyticsPeriod)}
          data={ANALYTICS_PERIODS.map((value) => ({ value, label: t(`analytics.periods.${value}`) }))}
        />
        <Switch
          checked={asTable}
          onChange={(event) => setAsTable(event.currentTarget.checked)}
          label={t('analytics.showTables')}
        />
      </Group>
      {report.isPending ? (
        <LoadingSpinner />
      ) : report.isError ? (
        <Alert color="red" title={t('analytics.loadError')}>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void report.refetch()}>
            {t('analytics.retry')}
          </Button>
        </Alert>
      ) : (
        <div aria-busy={report.isFetching} style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <AnalyticsReport report={report.data} asTable={asTable} narrow={videoId !== undefined} />
        </div>
      )}
    </Stack>
  );
}
