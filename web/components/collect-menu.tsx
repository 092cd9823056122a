import { Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../common/routes';
import { collectionsClient, useCollectionChange, useCollections } from '../lib/collections-api';
import { useTranslation } from '../lib/translation';
import { CollectionNameForm } from './collection-name-form';
import { FormError } from './form-error';
import { LoadingSpinner } from './query-state';

/** The member's collections with a tick where the video is (a click puts it in or takes it out), and a new one. */
export function CollectMenu({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const collections = useCollections(videoId);
  const toggle = useCollectionChange(({ id, add }: { id: string; add: boolean }) =>
    add
      ? collectionsClient.putItem({ params: { id, videoId }, body: {} })
      : collectionsClient.removeItem({ params: { id, videoId } }),
  );
  const create = useCollectionChange(async (newName: string) => {
    const made = await collectionsClient.create({ body: { name: newName } });
    return collectionsClient.putItem({ params: { id: made.id, videoId }, body: {} });
  });

  if (collections.isPending) return <LoadingSpinner />;
  if (collections.isError) return <FormError error={collections.error} />;
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {t('collections.saveTo')}
      </Text>
      {collections.data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('collections.none')}
        </Text>
      )}
      {collections.data.items.map((collection) => (
        <Checkbox
          key={collection.id}
          label={collection.name}
          // The tick moves at once; the list read again after the change confirms it.
          checked={
            toggle.isPending && toggle.variables.id === collection.id
              ? toggle.variables.add
              : collection.hasVideo
          }
          disabled={toggle.isPending}
          onChange={(event) => toggle.mutate({ id: collection.id, add: event.currentTarget.checked })}
        />
      ))}
      <FormError error={toggle.error} />
      <CollectionNameForm
        label={t('collections.newName')}
        submitLabel={t('collections.add')}
        save={(name, done) => create.mutate(name, { onSuccess: done })}
        pending={create.isPending}
        error={create.error}
        compact
      />
      <Anchor component={Link} to={ROUTES.myCollections} size="sm">
        {t('collections.all')}
      </Anchor>
    </Stack>
  );
}
