import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../common/routes';
import { openOverlay } from '../lib/overlays';
import { useRouteNames } from '../lib/route-title';

/** A screen that is not built yet: its title, an honest note, and somewhere useful to go. */
export function PagePlaceholder() {
  const { t } = useTranslation();
  const [title] = useRouteNames();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="md" py="lg" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={30} />
          </ThemeIcon>
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
        </Stack>
      </Paper>
    </Container>
  );
}
