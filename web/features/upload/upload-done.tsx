import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { useTranslation } from '../../lib/translation';
import type { UploadEntry } from '../../lib/uploads';

/** The uploaded stage (SPEC 4.6): 'Completed', what happens next, and 'Upload another video'. */
export function UploadDone({ entry, onAnother }: { entry: UploadEntry; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" gap="md" py="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconCircleCheck size={38} />
        </ThemeIcon>
        <Title order={2} fz="h3" tabIndex={-1} data-stage-heading>
          {t('upload.done.heading')}
        </Title>
        <Text maw={480} style={{ overflowWrap: 'anywhere' }}>
          {t('upload.done.body', { title: entry.title })}
        </Text>
        <Group justify="center" gap="sm">
          <Button onClick={onAnother}>{t('upload.done.another')}</Button>
          <Button component={Link} to={ROUTES.myVideos} variant="default">
            {t('upload.done.myVideos')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
