import { Alert, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { LoadingSpinner } from '../../components/query-state';
import { VideoCard } from '../../components/video-card';
import { ApiError } from '../../lib/api';
import { collectionsClient } from '../../lib/collections-api';
import { useTranslation } from '../../lib/translation';

/**
 * /collections/shared/{token} (issue 34): a collection a colleague shared, read-only, signed in or not:
 * its public clips with the notes; each card opens the video's page, which plays the watermarked preview.
 */
export function SharedCollectionPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const shared = useQuery({
    queryKey: ['shared-collection', token],
    queryFn: ({ signal }) => collectionsClient.shared({ params: { token } }, { signal }),
    retry: false,
  });
  return (
    <Container size="xl" py="xl">
      {shared.isPending ? (
        <LoadingSpinner />
      ) : shared.error instanceof ApiError && shared.error.status === 404 ? (
        <Alert color="red" role="alert">
          {t('collections.sharedGone')}
        </Alert>
      ) : shared.isError ? (
        <FormError error={shared.error} />
      ) : (
        <Stack gap="lg">
          <PageHeader title={shared.data.name} intro={t('collections.sharedIntro')} />
          {shared.data.items.length === 0 && <Text c="dimmed">{t('collections.sharedEmpty')}</Text>}
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="lg"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {shared.data.items.map((item) => (
              <li key={item.video.id}>
                <Stack gap={6}>
                  <VideoCard video={item.video} />
                  {item.note && (
                    <Text size="sm" c="dimmed" fs="italic" style={{ whiteSpace: 'pre-wrap' }}>
                      {item.note}
                    </Text>
                  )}
                </Stack>
              </li>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Container>
  );
}
