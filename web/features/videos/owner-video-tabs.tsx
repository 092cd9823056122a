import { Tabs } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { lazyWithAllTexts } from '../../components/lazy-when';
import { LoadingSpinner } from '../../components/query-state';
import { useTranslation } from '../../lib/translation';

// The charts load when the owner opens the tab.
const AnalyticsPanel = lazyWithAllTexts(
  async () => (await import('../../components/analytics/analytics-panel')).AnalyticsPanel,
);

/** The owner's video page: its details, and a tab of the video's analytics (issue 35). */
export function OwnerVideoTabs({ videoId, children }: { videoId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="details" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="details">{t('analytics.detailsTab')}</Tabs.Tab>
        <Tabs.Tab value="analytics">{t('analytics.videoTab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details" pt="md">
        {children}
      </Tabs.Panel>
      <Tabs.Panel value="analytics" pt="md">
        <Suspense fallback={<LoadingSpinner />}>
          <AnalyticsPanel videoId={videoId} />
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}
