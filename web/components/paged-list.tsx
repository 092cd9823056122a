import { Alert, Button, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../lib/translation';
import { FormError } from './form-error';
import { LoadingSpinner } from './query-state';

interface Page<T> {
  items: T[];
}

/**
 * A list read a page at a time: a loader first, the error in the user's language, the empty state,
 * then the items and a "Load more" button while there are more.
 */
export function PagedList<T extends { id: string }>({
  query,
  empty,
  renderItem,
  gap = 'lg',
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** What to say when there is nothing (already translated, or a node with a link). */
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
  gap?: string;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return <LoadingSpinner />;
  }
  if (query.isError) return <FormError error={query.error} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Alert color="gray" variant="light">
        <Text>{empty}</Text>
      </Alert>
    );
  }
  return (
    <Stack gap={gap}>
      {items.map((item) => (
        <Fragment key={item.id}>{renderItem(item)}</Fragment>
      ))}
      {query.hasNextPage && (
        <Button variant="default" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('moderation.queue.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
