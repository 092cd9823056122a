import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a screen throws while rendering: a plain apology and a way back, never a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
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
