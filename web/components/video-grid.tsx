import { Alert, Button, Card, Center, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type QueryClient, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import type { VideoListResponse } from '../../common/contracts/videos';
import { useTranslation } from '../lib/translation';
import { loadingRegion } from './loading-region';
import { type Placement, VideoCard } from './video-card';

/** Card columns per breakpoint (SPEC 2.2 breakpoints: one column on phones, up to four on wide screens). */
export const VIDEO_GRID_COLUMNS = { base: 1, xs: 2, md: 3, xl: 4 };

/**
 * One page of a cursor list of cards: a typed call of a list operation (`videos.list`, `videos.search`)
 * with the cursor passed on; the first page has none.
 */
export type FetchVideoPage = (cursor: string | undefined, signal: AbortSignal) => Promise<VideoListResponse>;

export interface VideoGridProps {
  /** The TanStack Query key of the whole list; put every filter in it. */
  queryKey: QueryKey;
  /** Fetches one page, answering `{ items, nextCursor }` (SPEC 7 cursor paging). */
  fetchPage: FetchVideoPage;
  /** Shown when the first page is empty. */
  emptyText: ReactNode;
  /** Skeleton cards while the first page loads. */
  skeletons?: number;
  /** Stop after the first page (the home page's "latest"): no "Load more", no scrolling for more. */
  singlePage?: boolean;
  enabled?: boolean;
  /** Card columns per breakpoint, when the page is narrower than the default layout expects. */
  columns?: typeof VIDEO_GRID_COLUMNS | Record<string, number>;
  /** Told the cards of each page as it is first shown (search results count appearances). */
  onPageShown?: (videoIds: string[]) => void;
}

/** A grid's query from its first page on; a route's loader starts it with `prefetchVideoGrid`. */
const gridQuery = ({ queryKey, fetchPage }: Pick<VideoGridProps, 'queryKey' | 'fetchPage'>) => ({
  queryKey,
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
    fetchPage(pageParam ?? undefined, signal),
  initialPageParam: null as string | null,
});

/** Asks for a grid's first page before the grid renders (from a route's loader), with the grid's own query. */
export function prefetchVideoGrid(client: QueryClient, grid: Pick<VideoGridProps, 'queryKey' | 'fetchPage'>) {
  return client.prefetchInfiniteQuery(gridQuery(grid));
}

/** The first card is the page's largest picture; a desktop's first row has up to four. */
const placementOf = (index: number): Placement =>
  index === 0 ? 'largest' : index < 4 ? 'firstRow' : 'below';

/**
 * A paged grid of video cards over any cursor list endpoint: skeletons, empty state, error with retry,
 * a "Load more" button that also fires when the end of the list scrolls into view, and an end state.
 */
export function VideoGrid({
  queryKey,
  fetchPage,
  emptyText,
  skeletons = 4,
  singlePage = false,
  enabled = true,
  columns = VIDEO_GRID_COLUMNS,
  onPageShown,
}: VideoGridProps) {
  const { t } = useTranslation();
  const videos = useInfiniteQuery({
    ...gridQuery({ queryKey, fetchPage }),
    getNextPageParam: (page) => (singlePage ? null : page.nextCursor),
    enabled,
  });
  const items = videos.data?.pages.flatMap((page) => page.items) ?? [];
  const canLoadMore = videos.hasNextPage && !videos.isFetchingNextPage && !videos.isFetchNextPageError;
  const sentinel = useAutoLoad(canLoadMore, () => void videos.fetchNextPage());
  usePagesShown(videos.data?.pages, onPageShown);

  if (videos.isPending) {
    return (
      <SimpleGrid cols={columns} spacing="lg" {...loadingRegion(t)}>
        {Array.from({ length: skeletons }, (_, slot) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton slots
          <Skeleton key={slot} h={250} radius="lg" data-testid="video-skeleton" />
        ))}
      </SimpleGrid>
    );
  }
  if (videos.isError && items.length === 0) {
    return (
      <Alert color="red" title={t('videos.grid.loadError')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void videos.refetch()}>
          {t('videos.grid.retry')}
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Card withBorder radius="lg" p="xl" ta="center">
        <Text c="dimmed">{emptyText}</Text>
      </Card>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={columns} spacing="lg" data-testid="video-grid">
        {items.map((video, index) => (
          <VideoCard key={video.id} video={video} placement={placementOf(index)} />
        ))}
      </SimpleGrid>
      {!singlePage && (
        <Center ref={sentinel} mih={48}>
          {videos.isFetchNextPageError ? (
            <Button variant="light" color="red" onClick={() => void videos.fetchNextPage()}>
              {t('videos.grid.retryMore')}
            </Button>
          ) : videos.hasNextPage ? (
            <Button
              variant="light"
              loading={videos.isFetchingNextPage}
              onClick={() => void videos.fetchNextPage()}
            >
              {t('videos.grid.loadMore')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('videos.grid.end')}
            </Text>
          )}
        </Center>
      )}
    </Stack>
  );
}

/** Tells `onPageShown` of each page once, as it arrives (a new list starts again). */
function usePagesShown(pages: VideoListResponse[] | undefined, onPageShown?: (videoIds: string[]) => void) {
  const told = useRef<VideoListResponse[]>([]);
  useEffect(() => {
    if (!onPageShown || !pages) return;
    for (const page of pages) {
      if (told.current.includes(page)) continue;
      told.current.push(page);
      onPageShown(page.items.map((video) => video.id));
    }
  }, [pages, onPageShown]);
}

/** Calls `load` when the returned element scrolls into view and loading is allowed (infinite scroll). */
function useAutoLoad(enabled: boolean, load: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    // A margin below the viewport starts the next page a little before the person reaches the end.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
