import { Affix, Group, Popover, Progress, RingProgress, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../lib/translation';
import { shownInRing, type UploadEntry, useUploads } from '../../lib/uploads';
import { UploadControls } from './upload-controls';

/** The colour of an upload's progress: red when failed, yellow when paused. */
const colourOf = (entry: UploadEntry) =>
  entry.status === 'error' ? 'red' : entry.paused ? 'yellow' : 'teal';

/**
 * The floating progress ring (SPEC 4.6), bottom-left (the problem-report button is bottom-right): the
 * uploads the server has accepted and that are not done, across all screens. A click lists them, each
 * with pause or resume and cancel; a failed one stays, with "try again", until retried or cancelled.
 */
export function UploadRing() {
  const { t } = useTranslation();
  const active = useUploads().filter(shownInRing);
  if (active.length === 0) return null;

  const sent = active.reduce((sum, entry) => sum + entry.bytesSent, 0);
  const total = active.reduce((sum, entry) => sum + entry.bytesTotal, 0);
  const progress = total > 0 ? Math.round((sent / total) * 100) : 0;
  const colour = active.some((entry) => entry.status === 'error')
    ? 'red'
    : active.every((entry) => entry.paused)
      ? 'yellow'
      : 'teal';

  return (
    <Affix position={{ bottom: 20, left: 20 }} zIndex={150}>
      <Popover position="top-start" withArrow shadow="md" width={300} trapFocus returnFocus>
        <Popover.Target>
          <UnstyledButton
            aria-label={t('upload.ring.open', { count: active.length, progress })}
            aria-haspopup="dialog"
            style={{
              borderRadius: '50%',
              background: 'var(--mantine-color-body)',
              boxShadow: 'var(--mantine-shadow-lg)',
            }}
          >
            <RingProgress
              size={56}
              thickness={5}
              roundCaps
              sections={[{ value: Math.max(progress, 1), color: colour }]}
              label={
                <Text ta="center" size="xs" fw={700}>
                  {progress}%
                </Text>
              }
            />
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown aria-label={t('upload.ring.title')} role="dialog">
          <Stack gap="sm">
            <Text fw={700} size="sm">
              {t('upload.ring.title')}
            </Text>
            <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {active.map((entry) => (
                <Stack key={entry.id} gap={6} component="li">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600} truncate title={entry.title}>
                      {entry.title}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {entry.status === 'error'
                        ? t('upload.ring.failed')
                        : entry.paused
                          ? `${entry.progress}% · ${t('upload.progress.paused')}`
                          : `${entry.progress}%`}
                    </Text>
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <Progress
                      value={entry.progress}
                      color={colourOf(entry)}
                      size="sm"
                      style={{ flex: 1 }}
                      aria-label={t('upload.progress.barLabel', { title: entry.title })}
                    />
                    <UploadControls entry={entry} compact />
                  </Group>
                  {entry.status === 'error' && (
                    <Text size="xs" c="red">
                      {t(entry.errorKey ?? 'upload.failed')}
                    </Text>
                  )}
                </Stack>
              ))}
            </Stack>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Affix>
  );
}
