import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey, IconPencil, IconPlus, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import {
  MRSS_PARTNER_MAX,
  type MrssFeed,
  type MrssIssuedToken,
  type MrssToken,
} from '../../../common/contracts/mrss';
import { FormError } from '../../components/form-error';
import { useDates } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';
import { useAddPartner, useDeleteFeed, useRegenerateToken, useRevokeToken, useUpdateFeed } from './api';
import { ConfirmButton } from './confirm-button';
import { FeedForm } from './feed-form';

/** One feed: its filter, how many videos it lists, its partners with their URLs' state and actions. */
export function FeedCard({
  feed,
  onIssued,
}: {
  feed: MrssFeed;
  onIssued: (issued: MrssIssuedToken) => void;
}) {
  const { t } = useTranslation();
  const { day } = useDates();
  const [editing, setEditing] = useState(false);
  const update = useUpdateFeed(feed.id);
  const remove = useDeleteFeed(feed.id);

  if (editing)
    return (
      <FeedForm
        feed={feed}
        pending={update.isPending}
        error={update.error}
        onCancel={() => {
          update.reset();
          setEditing(false);
        }}
        onSubmit={({ name, language: feedLanguage, filter }) =>
          update.mutate(
            { name, language: feedLanguage, filter },
            {
              onSuccess: () => {
                showToast('success', t('mrss.saved'));
                setEditing(false);
              },
            },
          )
        }
      />
    );

  const { filter } = feed;
  const badges = [
    filter.keywords.length > 0 && t('mrss.keywordsLabel', { list: filter.keywords.join(', ') }),
    filter.categoryId !== null && t('mrss.categoryLabel', { name: t(`categories.${filter.categoryId}`) }),
    (filter.shotFrom || filter.shotTo) &&
      t('mrss.datesLabel', {
        from: filter.shotFrom ? day(filter.shotFrom) : t('mrss.datesOpen'),
        to: filter.shotTo ? day(filter.shotTo) : t('mrss.datesOpen'),
      }),
    filter.licensableOnly && t('mrss.licensableLabel'),
  ].filter((badge): badge is string => typeof badge === 'string');

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-labelledby={`feed-${feed.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id={`feed-${feed.id}`} style={{ overflowWrap: 'anywhere' }}>
              {feed.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`languages.${feed.language}`)} · {t('mrss.matching', { count: feed.matching })}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('mrss.editFeed')}
              onClick={() => setEditing(true)}
            >
              <IconPencil size={18} />
            </ActionIcon>
            <ConfirmButton
              label={t('mrss.delete')}
              question={t('mrss.deleteConfirm', { name: feed.name })}
              pending={remove.isPending}
              error={remove.error}
              color="red"
              iconOnly
              leftSection={<IconTrash size={18} />}
              onConfirm={() =>
                remove.mutate(undefined, { onSuccess: () => showToast('success', t('mrss.deleted')) })
              }
            />
          </Group>
        </Group>
        <Group gap={6} role="group" aria-label={t('mrss.filterSummary')}>
          {badges.length === 0 ? (
            <Badge variant="light" color="gray" tt="none">
              {t('mrss.allVideos')}
            </Badge>
          ) : (
            badges.map((badge) => (
              <Badge key={badge} variant="light" tt="none" style={{ maxWidth: '100%' }}>
                {badge}
              </Badge>
            ))
          )}
        </Group>
        <Divider />
        <Title order={3} fz="md">
          {t('mrss.partners')}
        </Title>
        <Stack gap="xs">
          {feed.tokens.map((token) => (
            <PartnerRow key={token.id} feedId={feed.id} token={token} onIssued={onIssued} />
          ))}
        </Stack>
        <AddPartner feedId={feed.id} onIssued={onIssued} />
      </Stack>
    </Paper>
  );
}

function PartnerRow({
  feedId,
  token,
  onIssued,
}: {
  feedId: string;
  token: MrssToken;
  onIssued: (issued: MrssIssuedToken) => void;
}) {
  const { t } = useTranslation();
  const { date } = useDates();
  const revoke = useRevokeToken(feedId);
  const regenerate = useRegenerateToken(feedId);
  const revoked = token.revokedAt !== null;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="mrss-partner">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <IconKey size={16} aria-hidden />
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {token.partnerName}
          </Text>
          <Badge color={revoked ? 'gray' : 'green'} variant="light">
            {t(revoked ? 'mrss.revoked' : 'mrss.active')}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {revoked
            ? t('mrss.revokedAt', { date: date(token.revokedAt!) })
            : t('mrss.issuedAt', { date: date(token.issuedAt) })}
        </Text>
      </Stack>
      <Group gap="xs">
        <ConfirmButton
          label={t('mrss.regenerate')}
          question={t('mrss.regenerateConfirm', { partner: token.partnerName })}
          pending={regenerate.isPending}
          error={regenerate.error}
          color="blue"
          leftSection={<IconRefresh size={14} />}
          onConfirm={(done) =>
            regenerate.mutate(token.id, {
              onSuccess: (issued) => {
                done();
                onIssued(issued);
              },
            })
          }
        />
        {!revoked && (
          <ConfirmButton
            label={t('mrss.revoke')}
            question={t('mrss.revokeConfirm', { partner: token.partnerName })}
            pending={revoke.isPending}
            error={revoke.error}
            color="red"
            leftSection={<IconX size={14} />}
            onConfirm={(done) =>
              revoke.mutate(token.id, {
                onSuccess: () => {
                  done();
                  showToast('success', t('mrss.tokenRevoked'));
                },
              })
            }
          />
        )}
      </Group>
    </Group>
  );
}

function AddPartner({ feedId, onIssued }: { feedId: string; onIssued: (issued: MrssIssuedToken) => void }) {
  const { t } = useTranslation();
  const add = useAddPartner(feedId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  if (!open)
    return (
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} />}
          onClick={() => setOpen(true)}
        >
          {t('mrss.addPartner')}
        </Button>
      </Group>
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(name, {
          onSuccess: (issued) => {
            setName('');
            setOpen(false);
            onIssued(issued);
          },
        });
      }}
      noValidate
    >
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('mrss.partnerName')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={MRSS_PARTNER_MAX}
            required
            style={{ flex: '1 1 200px' }}
            data-autofocus
          />
          <Button type="submit" loading={add.isPending} disabled={!name.trim()}>
            {t('mrss.addPartnerSubmit')}
          </Button>
          <Button variant="subtle" onClick={() => setOpen(false)}>
            {t('mrss.cancel')}
          </Button>
        </Group>
        {add.error ? <FormError error={add.error} /> : null}
      </Stack>
    </form>
  );
}
