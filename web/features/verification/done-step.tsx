import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translation';

/** Step 4 (SPEC 2.5): all done; the button closes the modal and the user carries on. */
export function DoneStep({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" py="lg">
      <ThemeIcon size={64} radius="xl" color="green" variant="light">
        <IconCircleCheck size={40} />
      </ThemeIcon>
      <Title order={3}>{t('verification.done.title')}</Title>
      <Text c="dimmed" maw={420}>
        {t('verification.done.body')}
      </Text>
      <Button size="md" onClick={onStart} data-autofocus>
        {t('verification.done.start')}
      </Button>
    </Stack>
  );
}
