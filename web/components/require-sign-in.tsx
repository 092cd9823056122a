import { Button, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { openOverlay } from '../lib/overlays';
import { useSession } from '../lib/session';
import { useTranslation } from '../lib/translation';
import { NoticePage } from './notice-page';

/** Shows its children to a signed-in user; a visitor gets the page title and a way to sign in. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useSession();
  if (isLoading) return null;
  if (isSignedIn) return children;
  return (
    <NoticePage icon={IconLock}>
      <Title order={2} fz="lg">
        {t('requireSignIn.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('requireSignIn.body')}
      </Text>
      <Button onClick={() => openOverlay('auth', { view: 'signIn' })}>{t('requireSignIn.button')}</Button>
    </NoticePage>
  );
}
