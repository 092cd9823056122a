import { Button, Text, Title } from '@mantine/core';
import { IconLock, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '../../common/routes';
import { openOverlay } from '../lib/overlays';
import { useTranslation } from '../lib/translation';
import { NoticePage } from './notice-page';

export type AccessDeniedVariant = 'default' | 'notVerified' | 'notAuthorized';

const ICONS = { default: IconLock, notVerified: IconShieldCheck, notAuthorized: IconShieldX };

/** Access denied (SPEC 2.6), in its three variants, each with a way forward. */
export function AccessDenied({ variant = 'default' }: { variant?: AccessDeniedVariant }) {
  const { t } = useTranslation();
  return (
    <NoticePage icon={ICONS[variant]}>
      <Title order={2} fz="lg">
        {t(`accessDenied.${variant}.title`)}
      </Title>
      <Text c="dimmed" maw={460}>
        {t(`accessDenied.${variant}.body`)}
      </Text>
      {variant === 'notVerified' ? (
        <Button onClick={() => openOverlay('verification')}>{t('accessDenied.notVerified.button')}</Button>
      ) : (
        <Button component={Link} to={ROUTES.home} variant="light">
          {t('accessDenied.home')}
        </Button>
      )}
    </NoticePage>
  );
}
