import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../lib/translation';

/**
 * Shown when a screen throws while rendering: a plain apology and a way back, never a blank page (React
 * writes the error to the console).
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" py="xl">
        <Title order={1}>{t('errors.INTERNAL_ERROR')}</Title>
        <Text c="dimmed">{t('app.crashBody')}</Text>
        <Button component="a" href="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
