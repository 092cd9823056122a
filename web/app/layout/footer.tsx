import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APP_NAME } from '../../../common/constants';
import { ROUTES } from '../../../common/routes';
import { usePublicConfig } from '../../lib/public-config';
import { useTranslation } from '../../lib/translation';

export function Footer() {
  const { t } = useTranslation();
  const config = usePublicConfig();

  return (
    <Box component="footer" className="app-footer" mt="xl">
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear(), name: APP_NAME })}
          </Text>
          {/* The country guess for phone numbers uses DB-IP's data, licensed CC BY 4.0: credit is due. */}
          <Anchor href="https://db-ip.com" target="_blank" rel="noopener noreferrer" size="xs" c="dimmed">
            {t('footer.geoCredit')}
          </Anchor>
        </Stack>
        <Group gap="lg" component="nav" aria-label={t('footer.label')}>
          <Anchor component={Link} to={ROUTES.privacy} size="sm" c="dimmed">
            {t('footer.privacy')}
          </Anchor>
          <Anchor component={Link} to={ROUTES.terms} size="sm" c="dimmed">
            {t('footer.terms')}
          </Anchor>
          {config && (
            <Anchor href={`mailto:${config.contactEmail}`} size="sm" c="dimmed">
              {t('footer.contact')}
            </Anchor>
          )}
          {config?.messengerUrl && (
            <Anchor href={config.messengerUrl} target="_blank" rel="noopener noreferrer" size="sm" c="dimmed">
              {t('footer.messageUs')}
            </Anchor>
          )}
        </Group>
      </Group>
    </Box>
  );
}
