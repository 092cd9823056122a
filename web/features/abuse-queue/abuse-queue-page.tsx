import { Container, SegmentedControl, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { useTranslation } from '../../lib/translation';
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
        <PageHeader title={t('abuseQueue.title')} intro={t('abuseQueue.intro')}>
          <SegmentedControl
            value={state}
            onChange={(value) => setParams(value === 'new' ? {} : { state: value }, { replace: true })}
            data={[
              { value: 'new', label: t('abuseQueue.filter.new') },
              { value: 'handled', label: t('abuseQueue.filter.handled') },
            ]}
            aria-label={t('abuseQueue.filter.label')}
          />
        </PageHeader>
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
