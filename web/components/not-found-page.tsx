import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../common/routes';
import { usePageName } from '../lib/route-title';
import { useTranslation } from '../lib/translation';

/** Any unknown address (SPEC 2.1). */
export function NotFoundPage() {
  const { t } = useTranslation();
  // Also when a page finds nothing to show (an unknown video): the tab says so, not "Video | Videos".
  usePageName(t('routes.notFound'), { alone: true });
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={900} c="teal.8" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" maw={420}>
          {t('notFound.body')}
        </Text>
        <Button component={Link} to={ROUTES.home} size="md" mt="sm">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
