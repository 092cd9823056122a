import { Button, Group, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Collection } from '../../../common/contracts/collections';
import { ROUTES } from '../../../common/routes';
import { CollectionNameForm } from '../../components/collection-name-form';
import { ReasonDialog } from '../../components/reason-dialog';
import { collectionsClient, useCollectionChange } from '../../lib/collections-api';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';

/** The collection's name, renamed in place, and its deletion (asked first: the clips stay, the list goes). */
export function CollectionHeader({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = { id: collection.id };
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const rename = useCollectionChange((newName: string) =>
    collectionsClient.rename({ params, body: { name: newName } }),
  );
  const remove = useCollectionChange(() => collectionsClient.remove({ params }));

  return (
    <>
      {!renaming ? (
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={1}>{collection.name}</Title>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setRenaming(true)}
            >
              {t('collections.rename')}
            </Button>
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
              {t('collections.delete')}
            </Button>
          </Group>
        </Group>
      ) : (
        <CollectionNameForm
          label={t('collections.name')}
          submitLabel={t('collections.saveName')}
          initial={collection.name}
          save={(name) => rename.mutate(name, { onSuccess: () => setRenaming(false) })}
          pending={rename.isPending}
          error={rename.error}
        >
          <Button variant="default" onClick={() => setRenaming(false)}>
            {t('collections.keep')}
          </Button>
        </CollectionNameForm>
      )}
      <ReasonDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('collections.deleteTitle', { name: collection.name })}
        body={t('collections.deleteBody')}
        keepLabel={t('collections.keep')}
        confirmLabel={t('collections.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              showToast('success', t('collections.deleted'));
              navigate(ROUTES.myCollections);
            },
          })
        }
      />
    </>
  );
}
