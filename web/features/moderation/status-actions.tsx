import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconArchive, IconCheck, IconRosetteDiscountCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX } from '../../../common/contracts/moderation';
import type { VideoStatus } from '../../../common/video-status';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useChangeStatus } from './api';

const LOOK: Partial<Record<VideoStatus, { color: string; variant: string; icon: typeof IconCheck }>> = {
  approved: { color: 'green', variant: 'filled', icon: IconCheck },
  ready: { color: 'teal', variant: 'light', icon: IconRosetteDiscountCheck },
  declined: { color: 'red', variant: 'light', icon: IconX },
  archived: { color: 'dark', variant: 'default', icon: IconArchive },
};

/** The status buttons staff may press for a video; a decline first asks the reason the creator will read. */
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
