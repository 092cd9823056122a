import { Alert, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useUiLanguage } from '../../components/country-select';
import { formatFileSize } from '../../lib/file-size';
import { useTranslation } from '../../lib/translation';
import type { UploadEntry } from '../../lib/uploads';
import { UploadControls } from './upload-controls';

/** The uploading stage (SPEC 4.6): "title (n%)", the bar, a notice to keep the tab open, the controls. */
export function UploadProgress({ entry }: { entry: UploadEntry }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const failed = entry.status === 'error';
  // The last bytes are in, the server is still storing the file.
  const finishing = entry.status === 'uploading' && entry.progress === 100;
  const state = failed
    ? null
    : entry.paused
      ? t('upload.progress.paused')
      : finishing
        ? t('upload.progress.finishing')
        : null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz="h3" tabIndex={-1} data-stage-heading>
          {t('upload.progress.heading')}
        </Title>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('upload.progress.status', { title: entry.title, progress: entry.progress })}
          </Text>
          {state && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {state}
            </Text>
          )}
        </Group>
        <Progress
          value={entry.progress}
          size="lg"
          radius="xl"
          color={failed ? 'red' : entry.paused ? 'yellow' : undefined}
          striped={entry.status === 'uploading'}
          animated={entry.status === 'uploading'}
          aria-label={t('upload.progress.barLabel', { title: entry.title })}
        />
        <Text size="sm" c="dimmed">
          {entry.fileName} ·{' '}
          {t('upload.progress.bytes', {
            sent: formatFileSize(entry.bytesSent, language),
            total: formatFileSize(entry.bytesTotal, language),
          })}
        </Text>
        {failed ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle size={20} />}>
            {t(entry.errorKey ?? 'upload.failed')}
          </Alert>
        ) : (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />}>
            {t('upload.progress.keepOpen')}
          </Alert>
        )}
        <UploadControls entry={entry} />
      </Stack>
    </Paper>
  );
}
