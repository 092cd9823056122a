import { Anchor, Box, Container, Group, MantineProvider, Paper, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { IconBroadcast, IconSpeakerphone } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { APP_NAME } from '../../common/constants';
import { cssVariablesResolver, theme } from '../app/theme';
import { useTranslation } from '../lib/translation';
import { LanguageFlags } from './language-flags';
import { tv } from './tv-api';
import { TvPage } from './tv-page';

interface TvConfig {
  advertisingUrl: string | null;
  channelUrl: string | null;
  /** The upload limit, so an oversize file is refused before it is sent. */
  maxBytes: number | null;
}

function useTvConfig(): TvConfig {
  const [config, setConfig] = useState<TvConfig>({ advertisingUrl: null, channelUrl: null, maxBytes: null });
  useEffect(() => {
    tv.config()
      .then(setConfig)
      .catch(() => undefined); // no links then; the form works without them
  }, []);
  return config;
}

function TvLogo() {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="36" height="36" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-teal-8)" />
        <path d="M24 18v28l24-14z" fill="#fff" />
      </svg>
      <Text fw={800} fz="xl" c="dark.7" style={{ letterSpacing: '-0.02em' }}>
        {APP_NAME} TV
      </Text>
    </Group>
  );
}

/** The advertising-corner and every-day channel links (SPEC 1); each hidden when not configured. */
function TvLinks({ config }: { config: TvConfig }) {
  const { t } = useTranslation();
  const links = [
    { url: config.advertisingUrl, label: t('tv.links.advertising'), icon: IconSpeakerphone },
    { url: config.channelUrl, label: t('tv.links.channel'), icon: IconBroadcast },
  ].filter((link) => link.url);
  if (links.length === 0) return null;
  return (
    <Group gap="md" wrap="wrap">
      {links.map(({ url, label, icon: Icon }) => (
        <Anchor key={label} href={url!} target="_blank" rel="noopener" fw={600} size="sm">
          <Group gap={6} wrap="nowrap">
            <Icon size={18} aria-hidden="true" />
            {label}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

/** The whole TV page (SPEC 2.7): logo, links, language flags, and the upload form or its outcome. */
export function TvApp() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" limit={3} zIndex={4000} />
      <TvShell />
    </MantineProvider>
  );
}

function TvShell() {
  const config = useTvConfig();
  const { t } = useTranslation();
  return (
    <Box bg="gray.0" mih="100vh" pb="xl">
      <Paper component="header" radius={0} shadow="xs" px="md" py="sm">
        <Container size="md" px={0}>
          <Group justify="space-between" wrap="nowrap">
            <TvLogo />
            <LanguageFlags />
          </Group>
        </Container>
      </Paper>
      <Container size="md" px={{ base: 'sm', sm: 'md' }} pt="lg">
        <Group justify="space-between" align="flex-end" mb="md" gap="sm">
          <div>
            <Text component="h1" fz={{ base: 24, sm: 30 }} fw={800} m={0}>
              {t('tv.title')}
            </Text>
            <Text c="dimmed">{t('tv.subtitle')}</Text>
          </div>
          <TvLinks config={config} />
        </Group>
        <TvPage maxBytes={config.maxBytes} />
      </Container>
    </Box>
  );
}
