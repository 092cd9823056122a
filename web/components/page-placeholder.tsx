import { Button, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../common/routes';
import { openOverlay } from '../lib/overlays';
import { NoticePage } from './notice-page';

/** A screen that is not built yet: its title, an honest note, and somewhere useful to go. */
export function PagePlaceholder() {
  const { t } = useTranslation();
  return (
    <NoticePage icon={IconTools}>
      <Text maw={460} c="dimmed">
        {t('placeholder.body')}
      </Text>
      <Button.Group>
        <Button component={Link} to={ROUTES.videos}>
          {t('placeholder.browse')}
        </Button>
        <Button variant="default" onClick={() => openOverlay('abuseReport')}>
          {t('placeholder.tellUs')}
        </Button>
      </Button.Group>
    </NoticePage>
  );
}
