import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CopyDecision, PossibleCopy } from '../../common/contracts/copy-review';
import { formatDuration } from '../../common/duration';
import { moderationEndpoints } from '../../common/endpoints/moderation';
import { buildPath, ROUTES } from '../../common/routes';
import { clientOf } from '../lib/api-client';
import { useDates } from '../lib/dates';
import { VIDEOS_KEY, videoDetailKey } from '../lib/query-keys';
import { showToast } from '../lib/toast';
import { useTranslation } from '../lib/translation';
import { displayName } from '../lib/user-path';
import { FormError } from './form-error';
import { StaffFilePlayer } from './staff-file-player';

const moderation = clientOf(moderationEndpoints);

/** What the check of a video's frames found (staff), beside the video page's own answer. */
export function useCopyCheck(videoId: string) {
  return useQuery({
    queryKey: [...videoDetailKey(videoId), 'copy_check'],
    queryFn: ({ signal }) => moderation.copyCheck({ params: { videoId } }, { signal }),
  });
}

/** Staff judge a possible copy; every video list and page reads the video again (its status may change). */
function useDecideCopy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ videoId, decision }: { videoId: string; decision: CopyDecision }) =>
      moderation.decideCopy({ params: { videoId }, body: { decision } }),
    onSuccess: () => client.invalidateQueries({ queryKey: VIDEOS_KEY }),
  });
}

/** A stretch as the reader says it: '0:02–0:08'. */
const stretchLabel = (stretch: { from: number; to: number }) =>
  `${formatDuration(stretch.from)}–${formatDuration(stretch.to)}`;

/**
 * The "possible copy of …" flag (issue 33), on the review queue and the video page for staff: which
 * earlier video, whose, where the two match; both players side by side at the matching moment; and the
 * decision, not a copy or a duplicate. A flag, not a status: the video's status buttons stay as they are.
 */
export function PossibleCopyFlag({
  videoId,
  title,
  playbackUrl,
  copy,
}: {
  videoId: string;
  title: string;
  playbackUrl: string | null;
  copy: PossibleCopy;
}) {
  const { t } = useTranslation();
  const { date } = useDates();
  const [comparing, setComparing] = useState(false);
  const { original } = copy;
  const decided = copy.decision !== null;

  return (
    <Alert
      color={decided ? 'gray' : 'orange'}
      variant="light"
      icon={<IconCopy size={18} />}
      title={t('moderation.copy.title')}
      aria-label={t('moderation.copy.title')}
      // The players' own width would otherwise widen the alert's body past a phone's screen.
      styles={{ body: { minWidth: 0 } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          <Anchor component={Link} to={buildPath(ROUTES.video, { videoId: original.id })}>
            {original.title}
          </Anchor>{' '}
          <Text span size="sm">
            {t('moderation.copy.by', {
              name: displayName(original.user.name, t),
              date: date(original.uploadedAt),
            })}
          </Text>
        </Text>
        {copy.sameOwner && (
          <Text size="sm" fw={600}>
            {t('moderation.copy.sameOwner')}
          </Text>
        )}
        <Text size="sm">
          {t('moderation.copy.stretch', {
            here: stretchLabel(copy.at),
            there: stretchLabel(copy.originalAt),
            score: Math.round(copy.score * 100),
          })}
        </Text>
        {copy.mirrored && <Text size="sm">{t('moderation.copy.mirrored')}</Text>}
        {decided ? (
          <Text size="sm" fw={600}>
            {t(`moderation.copy.decided.${copy.decision}`)}
          </Text>
        ) : (
          <CopyDecisions
            videoId={videoId}
            title={title}
            comparing={comparing}
            onCompare={() => setComparing((open) => !open)}
          />
        )}
        {comparing && !decided && (
          <SideBySide
            mine={{ url: playbackUrl, at: copy.at.from, label: t('moderation.copy.thisVideo') }}
            theirs={{
              url: original.playbackUrl,
              at: copy.originalAt.from,
              label: t('moderation.copy.original'),
            }}
          />
        )}
      </Stack>
    </Alert>
  );
}

/** Compare, and the two decisions; an error of the decision under them. */
function CopyDecisions(props: { videoId: string; title: string; comparing: boolean; onCompare: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideCopy();
  const submit = (decision: CopyDecision) =>
    decide.mutate(
      { videoId: props.videoId, decision },
      {
        onSuccess: () => showToast('success', t(`moderation.copy.done.${decision}`, { title: props.title })),
      },
    );
  return (
    <>
      <Group gap="sm">
        <Button variant="default" size="xs" aria-expanded={props.comparing} onClick={props.onCompare}>
          {t(props.comparing ? 'moderation.copy.hideCompare' : 'moderation.copy.compare')}
        </Button>
        <Button
          variant="light"
          color="gray"
          size="xs"
          loading={decide.isPending && decide.variables?.decision === 'not_a_copy'}
          disabled={decide.isPending}
          onClick={() => submit('not_a_copy')}
        >
          {t('moderation.copy.notACopy')}
        </Button>
        <Button
          color="red"
          size="xs"
          loading={decide.isPending && decide.variables?.decision === 'duplicate'}
          disabled={decide.isPending}
          onClick={() => submit('duplicate')}
        >
          {t('moderation.copy.duplicate')}
        </Button>
      </Group>
      <FormError error={decide.error} />
    </>
  );
}

interface Side {
  url: string | null;
  /** Where the matching stretch starts, in seconds. */
  at: number;
  label: string;
}

/** The two files, each opened at the start of the stretch they share, and a button that plays both from there. */
function SideBySide({ mine, theirs }: { mine: Side; theirs: Side }) {
  const { t } = useTranslation();
  const players = [useRef<HTMLVideoElement>(null), useRef<HTMLVideoElement>(null)];
  const sides = [mine, theirs];
  const playBoth = () =>
    players.forEach((player, i) => {
      const video = player.current;
      if (!video) return;
      video.currentTime = sides[i]?.at ?? 0;
      void video.play().catch(() => undefined);
    });
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {sides.map((side, i) => (
          <Stack key={side.label} gap={4} miw={0}>
            <Text size="xs" fw={600}>
              {side.label} · {formatDuration(side.at)}
            </Text>
            <StaffFilePlayer ref={players[i]} url={side.url} startAt={side.at} label={side.label} muted />
          </Stack>
        ))}
      </SimpleGrid>
      <Group>
        <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} />} onClick={playBoth}>
          {t('moderation.copy.playBoth')}
        </Button>
      </Group>
    </Stack>
  );
}
