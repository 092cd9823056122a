import { Alert, Badge, Card, Container, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath, ROUTES } from '../../../common/routes';
import { CollectionNameForm } from '../../components/collection-name-form';
import { FormError } from '../../components/form-error';
import { PageHeader } from '../../components/page-header';
import { LoadingSpinner } from '../../components/query-state';
import { RequireSignIn } from '../../components/require-sign-in';
import { collectionsClient, useCollectionChange, useCollections } from '../../lib/collections-api';
import { useTranslation } from '../../lib/translation';

/** /me/collections (issue 34): the member's lightboxes of clips, newest first, and a new one. */
export function CollectionsPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <PageHeader title={t('routes.myCollections')} intro={t('collections.intro')} />
          <NewCollection />
          <CollectionGrid />
        </Stack>
      </Container>
    </RequireSignIn>
  );
}

function NewCollection() {
  const { t } = useTranslation();
  const create = useCollectionChange((name: string) => collectionsClient.create({ body: { name } }));
  return (
    <CollectionNameForm
      label={t('collections.newName')}
      submitLabel={t('collections.create')}
      save={(name, done) => create.mutate(name, { onSuccess: done })}
      pending={create.isPending}
      error={create.error}
    />
  );
}

function CollectionGrid() {
  const { t } = useTranslation();
  const collections = useCollections();
  if (collections.isPending) return <LoadingSpinner />;
  if (collections.isError) return <FormError error={collections.error} />;
  if (collections.data.items.length === 0) {
    return (
      <Alert color="gray" variant="light">
        <Text>{t('collections.empty')}</Text>
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {collections.data.items.map((collection) => (
        <Card
          key={collection.id}
          withBorder
          radius="md"
          padding="md"
          component={Link}
          to={buildPath(ROUTES.myCollection, { collectionId: collection.id })}
        >
          <Card.Section>
            {collection.coverUrl ? (
              <Image src={collection.coverUrl} alt="" h={150} fit="cover" />
            ) : (
              <div style={{ height: 150, background: 'var(--mantine-color-gray-1)' }} />
            )}
          </Card.Section>
          <Group justify="space-between" mt="sm" gap="xs" wrap="nowrap">
            <Text fw={600} lineClamp={1}>
              {collection.name}
            </Text>
            {collection.shared && (
              <Badge variant="light" color="blue">
                {t('collections.sharedBadge')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('collections.clips', { count: collection.itemCount })}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
