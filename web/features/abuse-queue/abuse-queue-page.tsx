import { Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedList } from '../../components/paged-list';
import { AbuseReportCard } from './abuse-report-card';
import { useAbuseQueue } from './api';

/** Abuse reports (admins): the problem reports sent from the floating modal, new or handled. */
export function AbuseQueuePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = params.get('state') === 'handled' ? 'handled' : 'new';
  const queue = useAbuseQueue(state);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>{t('abuseQueue.title')}</Title>
            <Text c="dimmed">{t('abuseQueue.intro')}</Text>
          </div>
          <SegmentedControl
            value={state}
            onChange={(value) => setParams(value === 'new' ? {} : { state: value }, { replace: true })}
            data={[
              { value: 'new', label: t('abuseQueue.filter.new') },
              { value: 'handled', label: t('abuseQueue.filter.handled') },
            ]}
            aria-label={t('abuseQueue.filter.label')}
          />
        </Group>
        <PagedList
          query={queue}
          empty={t(state === 'new' ? 'abuseQueue.emptyNew' : 'abuseQueue.emptyHandled')}
          renderItem={(report) => <AbuseReportCard report={report} />}
          gap="md"
        />
      </Stack>
    </Container>
  );
}
