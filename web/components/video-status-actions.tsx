import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconArchive, IconCheck, IconRosetteDiscountCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX, type StatusChangeBody, type StatusChanged } from '../../common/contracts/moderation';
import type { VideoStatus } from '../../common/video-status';
import { ApiError, api } from '../lib/api';
import { showToast } from '../lib/toast';
import { FormError } from './form-error';

/** POST /api/videos/{id}/status; every cached video list and page reads the new status again. */
function useChangeStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ videoId, ...body }: StatusChangeBody & { videoId: string }) =>
      api<StatusChanged>(`/api/videos/${videoId}/status`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['videos'] }),
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
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const submit = (to: VideoStatus, why = '') =>
    change.mutate(
      { videoId, to, reason: why },
      {
        onSuccess: () => {
          setDeclining(false);
          showToast('success', t(`moderation.done.${to}`, { title }));
        },
        onError: (error) => {
          const field =
            error instanceof ApiError ? error.fields.find((f) => f.field === 'reason') : undefined;
          if (field) setReasonError(field.message);
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
      <Modal
        opened={declining}
        onClose={() => setDeclining(false)}
        title={t('moderation.decline.title', { title })}
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return setReasonError('moderation.errors.reasonRequired');
            setReasonError(null);
            submit('declined', reason.trim());
          }}
        >
          <Stack>
            <Textarea
              label={t('moderation.decline.reason')}
              description={t('moderation.decline.reasonHint')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reasonError ? t(reasonError) : undefined}
              maxLength={REASON_MAX}
              autosize
              minRows={3}
              required
              data-autofocus
            />
            {reasonError === null && <FormError error={change.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeclining(false)}>
                {t('moderation.decline.cancel')}
              </Button>
              <Button type="submit" color="red" loading={change.isPending}>
                {t('moderation.decline.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
