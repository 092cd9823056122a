import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Collection } from '../../../common/contracts/collections';
import { buildPath, ROUTES } from '../../../common/routes';
import { CopyTextButton } from '../../components/copy-button';
import { FormError } from '../../components/form-error';
import { collectionsClient, useCollectionChange } from '../../lib/collections-api';
import { useTranslation } from '../../lib/translation';

/** The collection's read-only link for a colleague: made, copied, replaced by a new one, or revoked. */
export function ShareLink({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const params = { id: collection.id };
  const share = useCollectionChange(() => collectionsClient.share({ params }));
  const unshare = useCollectionChange(() => collectionsClient.unshare({ params }));
  const token = collection.shareToken;
  const url = token && `${window.location.origin}${buildPath(ROUTES.sharedCollection, { token })}`;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t('collections.shareTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t(url ? 'collections.sharedHint' : 'collections.shareHint')}
        </Text>
        {url ? (
          <>
            <TextInput
              value={url}
              readOnly
              aria-label={t('collections.shareLink')}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Group gap="sm" wrap="wrap">
              <CopyTextButton
                value={url}
                label={t('collections.copy')}
                copiedLabel={t('collections.copied')}
              />
              <Button variant="default" loading={share.isPending} onClick={() => share.mutate(undefined)}>
                {t('collections.newLink')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                loading={unshare.isPending}
                onClick={() => unshare.mutate(undefined)}
              >
                {t('collections.stopSharing')}
              </Button>
            </Group>
          </>
        ) : (
          <Group>
            <Button variant="light" loading={share.isPending} onClick={() => share.mutate(undefined)}>
              {t('collections.share')}
            </Button>
          </Group>
        )}
        <FormError error={share.error ?? unshare.error} />
      </Stack>
    </Paper>
  );
}
