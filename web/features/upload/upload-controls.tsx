import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { cancel, pause, resume, type UploadEntry } from '../../lib/uploads';

/**
 * Pause or resume (try again after a failure) and cancel one upload. Cancelling deletes what was sent,
 * so it asks first. `compact`: icon buttons named after the upload, for the list under the ring.
 */
export function UploadControls({ entry, compact = false }: { entry: UploadEntry; compact?: boolean }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  // The button that was pressed is gone: the focus goes to the harmless answer.
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);
  const named = { title: entry.title };

  if (confirming) {
    return (
      <Group gap="xs" wrap="wrap" role="group" aria-label={t('upload.actions.cancelConfirm')}>
        <Text size="sm">{t('upload.actions.cancelConfirm')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" color="red" onClick={() => cancel(entry.id)}>
            {t('upload.actions.cancelYes')}
          </Button>
          <Button ref={keepRef} size="xs" variant="default" onClick={() => setConfirming(false)}>
            {t('upload.actions.cancelNo')}
          </Button>
        </Group>
      </Group>
    );
  }

  const toggle =
    entry.status === 'uploading'
      ? {
          label: t('upload.actions.pause'),
          named: t('upload.actions.pauseNamed', named),
          icon: IconPlayerPause,
          run: pause,
        }
      : entry.status === 'paused'
        ? {
            label: t('upload.actions.resume'),
            named: t('upload.actions.resumeNamed', named),
            icon: IconPlayerPlay,
            run: resume,
          }
        : entry.status === 'error'
          ? {
              label: t('upload.actions.retry'),
              named: t('upload.actions.retryNamed', named),
              icon: IconRefresh,
              run: resume,
            }
          : null;
  const cancelLabel = compact ? t('upload.actions.cancelNamed', named) : t('upload.actions.cancel');

  if (compact) {
    return (
      <Group gap={4} wrap="nowrap">
        {toggle && (
          <Tooltip label={toggle.label} withinPortal={false}>
            <ActionIcon variant="light" aria-label={toggle.named} onClick={() => toggle.run(entry.id)}>
              <toggle.icon size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('upload.actions.cancel')} withinPortal={false}>
          <ActionIcon
            variant="light"
            color="red"
            aria-label={cancelLabel}
            onClick={() => setConfirming(true)}
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Group gap="sm">
      {toggle && (
        <Button
          variant={entry.status === 'error' ? 'filled' : 'light'}
          leftSection={<toggle.icon size={16} />}
          onClick={() => toggle.run(entry.id)}
        >
          {toggle.label}
        </Button>
      )}
      <Button variant="default" leftSection={<IconX size={16} />} onClick={() => setConfirming(true)}>
        {cancelLabel}
      </Button>
    </Group>
  );
}
