import { Container, Stack } from '@mantine/core';
import { AnalyticsPanel } from '../../components/analytics/analytics-panel';
import { PageHeader } from '../../components/page-header';
import { RequireSignIn } from '../../components/require-sign-in';
import { useTranslation } from '../../lib/translation';

/** /me/analytics (issue 35): how the creator's videos are found, asked for, bought and what they earned. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <Container size="xl" py="xl">
        <Stack gap="lg">
          <PageHeader title={t('routes.myAnalytics')} intro={t('analytics.intro')} />
          <AnalyticsPanel />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}
