import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openOverlay } from '../lib/overlays';
import { useRouteNames } from '../lib/route-title';
import { useSession } from '../lib/session';

/** Shows its children to a signed-in user; a visitor gets the page title and a way to sign in. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useSession();
  const [title] = useRouteNames();
  if (isLoading) return null;
  if (isSignedIn) return children;
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {t('requireSignIn.title')}
          </Title>
          <Text c="dimmed" maw={420}>
            {t('requireSignIn.body')}
          </Text>
          <Button onClick={() => openOverlay('auth', { view: 'signIn' })}>{t('requireSignIn.button')}</Button>
        </Stack>
      </Paper>
    </Container>
  );
}
