import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error';
import { useReviewQueue } from './api';
import { ReviewCard } from './review-card';

/** The videos waiting for review, oldest first, with a button for the next page. */
export function ReviewQueueList() {
  const { t } = useTranslation();
  const queue = useReviewQueue();
  if (queue.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (queue.isError) return <FormError error={queue.error} />;
  const items = queue.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Alert color="gray" variant="light">
        <Text>{t('moderation.queue.empty')}</Text>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {items.map((item) => (
        <ReviewCard key={item.id} item={item} />
      ))}
      {queue.hasNextPage && (
        <Button variant="default" onClick={() => queue.fetchNextPage()} loading={queue.isFetchingNextPage}>
          {t('moderation.queue.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
