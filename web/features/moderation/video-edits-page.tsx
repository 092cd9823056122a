import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { ReviewQueueList } from './review-queue-list';
import { SuggestionsList } from './suggestions-list';

const TABS = ['queue', 'suggestions'] as const;

/** /video_edits (SPEC 2.1, manage_videos): the review queue and the suggested edits, one tab each. */
export function VideoEditsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'suggestions' ? 'suggestions' : 'queue';

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {t('routes.videoEdits')}
          </Title>
          <Text c="dimmed">{t('moderation.pageIntro')}</Text>
        </div>
        <Tabs
          value={tab}
          onChange={(value) => setParams(value === 'suggestions' ? { tab: value } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List grow>
            {TABS.map((name) => (
              <Tabs.Tab key={name} value={name} px="sm">
                {t(`moderation.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="queue" pt="lg">
            <ReviewQueueList />
          </Tabs.Panel>
          <Tabs.Panel value="suggestions" pt="lg">
            <SuggestionsList />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
