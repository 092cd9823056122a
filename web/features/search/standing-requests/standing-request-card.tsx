import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SavedSearch, StandingRequest } from '../../../../common/contracts/standing-requests';
import { formatMoney } from '../../../../common/money';
import { searchResultsPath } from '../../../../common/routes';
import { FormError } from '../../../components/form-error';
import { VideoGrid } from '../../../components/video-grid';
import { useDates } from '../../../lib/dates';
import { useLicenseTypes } from '../../../lib/license-types';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { filterSearch } from '../search-filters';
import { matchesGrid, useChangeStandingRequest, useDeleteStandingRequest } from './api';
import { SearchSummary } from './search-summary';
import { StandingRequestDialog } from './standing-request-dialog';

/** The search page that shows what a standing request looks for. */
function searchPathOf(search: SavedSearch): string {
  return `${searchResultsPath(search.keywords)}${filterSearch({
    near: search.near && { lat: search.near.lat, lng: search.near.lng, radiusKm: search.near.radiusKm },
    place: search.near?.place ?? '',
    shotFrom: search.shotFrom,
    shotTo: search.shotTo,
  })}`;
}

/** What the request would license and pay, in words ("Editorial · up to €250.00"), or ''. */
export function useOfferText(request: Pick<StandingRequest, 'licenseTypeId' | 'maxPrice'>): string {
  const { t, i18n } = useTranslation();
  const language = i18n.language ?? 'en';
  const types = useLicenseTypes();
  const type = types.data?.types.find((each) => each.id === request.licenseTypeId);
  const price = request.maxPrice && formatMoney(request.maxPrice.cents, request.maxPrice.currency, language);
  return [
    type && (language === 'el' ? type.nameEl : type.nameEn),
    price && t('standingRequests.upTo', { price }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * One standing request: what it looks for, how its owner is told, what it would license and pay, how many
 * videos it matched (shown on demand), and pausing, editing and deleting it.
 */
export function StandingRequestCard({ request }: { request: StandingRequest }) {
  const { t } = useTranslation();
  const dates = useDates();
  const change = useChangeStandingRequest();
  const [showMatches, setShowMatches] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const offer = useOfferText(request);

  const togglePause = () =>
    change.mutate(
      { id: request.id, change: { paused: !request.paused } },
      {
        onSuccess: (next) =>
          showToast(
            'success',
            t(next.paused ? 'standingRequests.pausedDone' : 'standingRequests.resumedDone'),
          ),
      },
    );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="article" aria-label={request.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} fz="lg">
                {request.name}
              </Title>
              {request.paused && (
                <Badge color="gray" variant="light">
                  {t('standingRequests.pausedBadge')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t(
                request.frequency === 'daily'
                  ? 'standingRequests.dailyShort'
                  : 'standingRequests.instantShort',
              )}
              {offer && ` · ${offer}`}
            </Text>
          </Stack>
          <Anchor component={Link} to={searchPathOf(request.search)} size="sm">
            {t('standingRequests.openSearch')}
          </Anchor>
        </Group>
        <SearchSummary search={request.search} />
        <Text size="sm">
          {request.matchCount === 0
            ? t('standingRequests.noMatches')
            : t('standingRequests.matched', {
                count: request.matchCount,
                date: request.lastMatchedAt ? dates.date(request.lastMatchedAt) : '',
              })}
        </Text>
        <FormError error={change.error} />
        <Group gap="xs" wrap="wrap">
          {request.matchCount > 0 && (
            <Button
              variant="light"
              size="xs"
              onClick={() => setShowMatches((shown) => !shown)}
              aria-expanded={showMatches}
            >
              {t(showMatches ? 'standingRequests.hideMatches' : 'standingRequests.showMatches')}
            </Button>
          )}
          <Button
            variant="default"
            size="xs"
            leftSection={request.paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            onClick={togglePause}
            loading={change.isPending}
          >
            {t(request.paused ? 'standingRequests.resume' : 'standingRequests.pause')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setEditing(true)}>
            {t('standingRequests.edit')}
          </Button>
          <Button variant="subtle" color="red" size="xs" onClick={() => setDeleting(true)}>
            {t('standingRequests.delete')}
          </Button>
        </Group>
        {showMatches && (
          <VideoGrid
            {...matchesGrid(request.id)}
            emptyText={t('standingRequests.matchesGone')}
            columns={{ base: 1, xs: 2, md: 3 }}
          />
        )}
      </Stack>
      {editing && (
        <StandingRequestDialog
          request={request}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
      <DeleteDialog request={request} opened={deleting} onClose={() => setDeleting(false)} />
    </Paper>
  );
}

/** Asks before deleting a request; "Cancel" has the focus, so Enter right after opening deletes nothing. */
function DeleteDialog({
  request,
  opened,
  onClose,
}: {
  request: StandingRequest;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteStandingRequest();
  return (
    <Modal opened={opened} onClose={onClose} title={t('standingRequests.deleteTitle')}>
      <Stack gap="md">
        <Text>{t('standingRequests.deleteBody', { name: request.name })}</Text>
        <FormError error={remove.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('standingRequests.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(request.id, {
                onSuccess: () => showToast('success', t('standingRequests.deleted')),
              })
            }
          >
            {t('standingRequests.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
