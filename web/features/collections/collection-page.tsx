import { ActionIcon, Anchor, Button, Container, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLicense, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Collection, CollectionItem } from '../../../common/contracts/collections';
import { buildPath, ROUTES } from '../../../common/routes';
import { BackLink } from '../../components/back-link';
import { FormError } from '../../components/form-error';
import { LoadingSpinner } from '../../components/query-state';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  collectionsClient,
  mayLicenseClip,
  useCollection,
  useCollectionChange,
} from '../../lib/collections-api';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { CollectionHeader } from './collection-header';
import { ShareLink } from './share-link';

/**
 * /me/collections/{id} (issue 34): one collection's clips in the buyer's order, each with its note, moved up
 * or down (buttons, so the keyboard sorts as well as the mouse), taken out; the collection renamed, shared
 * read-only by a secret link, deleted.
 */
export function CollectionPage() {
  const { t } = useTranslation();
  const { collectionId = '' } = useParams();
  const collection = useCollection(collectionId);
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Stack gap="lg">
          <BackLink to={ROUTES.myCollections}>{t('routes.myCollections')}</BackLink>
          {collection.isPending ? (
            <LoadingSpinner />
          ) : collection.isError ? (
            <FormError error={collection.error} />
          ) : (
            <CollectionView collection={collection.data} />
          )}
        </Stack>
      </Container>
    </RequireSignIn>
  );
}

function CollectionView({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const { id } = collection;
  const reorder = useCollectionChange((videoIds: string[]) =>
    collectionsClient.reorder({ params: { id }, body: { videoIds } }),
  );
  const ids = collection.items.map((item) => item.video.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by] as string, next[index] as string];
    reorder.mutate(next);
  };
  return (
    <Stack gap="lg">
      <CollectionHeader collection={collection} />
      <ShareLink collection={collection} />
      <LicenseAllButton collection={collection} />
      <FormError error={reorder.error} />
      {collection.items.length === 0 ? (
        <Text c="dimmed">
          {t('collections.noClips')}{' '}
          <Anchor component={Link} to={ROUTES.videos}>
            {t('collections.browse')}
          </Anchor>
        </Text>
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {collection.items.map((item, index) => (
            <li key={item.video.id}>
              <ClipRow
                collectionId={id}
                item={item}
                first={index === 0}
                last={index === collection.items.length - 1}
                onMove={(by) => move(index, by)}
                moving={reorder.isPending}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One license request for the collection's clips (those the member may license), from two of them. */
function LicenseAllButton({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const count = collection.items.filter((item) => mayLicenseClip(item, user?.id)).length;
  if (count < 2) return null;
  return (
    <Group>
      <Button
        component={Link}
        to={buildPath(ROUTES.myCollectionLicense, { collectionId: collection.id })}
        leftSection={<IconLicense size={18} aria-hidden />}
      >
        {t('licensing.bundle.start', { count })}
      </Button>
    </Group>
  );
}

function ClipRow({
  collectionId,
  item,
  first,
  last,
  onMove,
  moving,
}: {
  collectionId: string;
  item: CollectionItem;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  moving: boolean;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState(item.note);
  const params = { id: collectionId, videoId: item.video.id };
  const save = useCollectionChange((text: string) =>
    collectionsClient.putItem({ params, body: { note: text } }),
  );
  const takeOut = useCollectionChange(() => collectionsClient.removeItem({ params }));
  const { title } = item.video;
  const { user } = useSession();
  // A video one may license now, not one's own: the license page asks the server, which refuses the rest.
  // (Not cardBadge: its module would leave the cards' chunk for a chunk of its own on the first pages.)
  const licensable = mayLicenseClip(item, user?.id);
  return (
    <Paper withBorder radius="md" p="sm">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        {item.video.thumbnailUrl && (
          <img
            src={item.video.thumbnailUrl}
            alt=""
            width={112}
            height={63}
            style={{ borderRadius: 6, objectFit: 'cover' }}
          />
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            component={Link}
            to={buildPath(ROUTES.video, { videoId: item.video.id })}
            fw={600}
            lineClamp={2}
          >
            {title}
          </Anchor>
          {licensable && (
            <Anchor
              component={Link}
              to={buildPath(ROUTES.videoLicense, { videoId: item.video.id })}
              size="sm"
            >
              {t('videos.actions.license')}
            </Anchor>
          )}
        </Stack>
        <ClipControls
          title={title}
          first={first}
          last={last}
          moving={moving}
          onMove={onMove}
          removing={takeOut.isPending}
          onRemove={() => takeOut.mutate(undefined)}
        />
      </Group>
      {/* Below the row, the width of the card: room to write on a phone. */}
      <Textarea
        mt="xs"
        label={t('collections.note')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        onBlur={() => note !== item.note && save.mutate(note)}
        autosize
        minRows={1}
        maxLength={1000}
        size="sm"
        description={
          save.isPending
            ? t('collections.noteSaving')
            : save.isSuccess
              ? t('collections.noteSaved')
              : undefined
        }
        error={save.error ? t('collections.noteNotSaved') : undefined}
      />
    </Paper>
  );
}

/** Up, down (buttons, so the keyboard sorts as well as the mouse) and out. */
function ClipControls({
  title,
  first,
  last,
  moving,
  onMove,
  removing,
  onRemove,
}: {
  title: string;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (by: -1 | 1) => void;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <ActionIcon
        variant="default"
        aria-label={t('collections.moveUp', { title })}
        disabled={first || moving}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={t('collections.moveDown', { title })}
        disabled={last || moving}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('collections.remove', { title })}
        loading={removing}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Stack>
  );
}
