import { Button, Group } from '@mantine/core';
import { IconArchive, IconCheck, IconRosetteDiscountCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REASON_MAX, type StatusChangeBody } from '../../common/contracts/moderation';
import { moderationEndpoints } from '../../common/endpoints/moderation';
import { DECLINE_REASONS, type DeclineReason, type VideoStatus } from '../../common/video-status';
import { clientOf } from '../lib/api-client';
import { VIDEOS_KEY } from '../lib/query-keys';
import { showToast } from '../lib/toast';
import { useTranslation } from '../lib/translation';
import { FormError } from './form-error';
import { ReasonDialog } from './reason-dialog';

const moderation = clientOf(moderationEndpoints);

/** POST /api/videos/{id}/status; every cached video list and page reads the new status again. */
function useChangeStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ videoId, ...body }: StatusChangeBody & { videoId: string }) =>
      moderation.changeStatus({ params: { videoId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: VIDEOS_KEY }),
  });
}

const LOOK: Partial<Record<VideoStatus, { color: string; variant: string; icon: typeof IconCheck }>> = {
  approved: { color: 'green', variant: 'filled', icon: IconCheck },
  ready: { color: 'teal', variant: 'light', icon: IconRosetteDiscountCheck },
  declined: { color: 'red', variant: 'light', icon: IconX },
  archived: { color: 'dark', variant: 'default', icon: IconArchive },
};

/**
 * The status buttons staff may press for a video, on the review queue and on the video page; the server
 * sends which ones (`nextStatuses`, from the moderation policy's one transition table). A decline first
 * asks the reason the creator will read.
 */
export function StatusActions({
  videoId,
  title,
  next,
}: {
  videoId: string;
  title: string;
  next: VideoStatus[];
}) {
  const { t } = useTranslation();
  const change = useChangeStatus();
  const [declining, setDeclining] = useState(false);

  const submit = (to: VideoStatus, why = '', declineReason?: DeclineReason) =>
    change.mutate(
      { videoId, to, reason: why, declineReason },
      {
        onSuccess: () => {
          setDeclining(false);
          showToast('success', t(`moderation.done.${to}`, { title }));
        },
      },
    );

  return (
    <>
      <Group gap="sm" mt="auto" pt="sm">
        {next.map((to) => {
          const look = LOOK[to];
          const Icon = look?.icon ?? IconCheck;
          return (
            <Button
              key={to}
              color={look?.color}
              variant={look?.variant ?? 'default'}
              leftSection={<Icon size={16} />}
              loading={change.isPending && change.variables?.to === to}
              disabled={change.isPending}
              onClick={() => (to === 'declined' ? setDeclining(true) : submit(to))}
            >
              {t(`moderation.actions.${to}`)}
            </Button>
          );
        })}
      </Group>
      {!declining && <FormError error={change.error} />}
      <ReasonDialog
        opened={declining}
        onClose={() => setDeclining(false)}
        title={t('moderation.decline.title', { title })}
        choices={{
          label: t('moderation.decline.reasonChoice'),
          options: DECLINE_REASONS.map((value) => ({
            value,
            label: t(`declineReasons.${value}`),
          })),
          wordsFor: 'other',
          requiredError: 'moderation.errors.declineReasonRequired',
        }}
        reason={{
          label: t('moderation.decline.reason'),
          description: t('moderation.decline.reasonHint'),
          maxLength: REASON_MAX,
          requiredError: 'moderation.errors.reasonRequired',
        }}
        keepLabel={t('moderation.decline.cancel')}
        confirmLabel={t('moderation.decline.confirm')}
        pending={change.isPending}
        error={change.error}
        onConfirm={(reason, choice) => submit('declined', reason, choice as DeclineReason)}
      />
    </>
  );
}
