import { Container, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { LicenseTypesPanel } from './license-types-panel';
import { PlatformSettingsForm } from './platform-settings-form';

const TABS = ['platform', 'types', 'documents'] as const;
type Tab = (typeof TABS)[number];

/**
 * App settings (SPEC 2.1 /admin/settings): the platform settings, the license types, and the site's
 * documents (the terms of service and the privacy policy, given by the app as `documents`, since they
 * belong to another feature). The tab is in the address, so a reload or a link keeps it.
 */
export function AdminSettingsPage({ documents }: { documents: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'platform';
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('adminSettings.title')}</Title>
          <Text c="dimmed">{t('adminSettings.intro')}</Text>
        </div>
        <Tabs
          value={tab}
          onChange={(value) => setParams(value === 'platform' ? {} : { tab: value ?? '' }, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="platform">{t('adminSettings.tabs.platform')}</Tabs.Tab>
            <Tabs.Tab value="types">{t('adminSettings.tabs.types')}</Tabs.Tab>
            <Tabs.Tab value="documents">{t('adminSettings.tabs.documents')}</Tabs.Tab>
          </Tabs.List>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} mt="md">
            <Tabs.Panel value="platform">
              <Text size="sm" c="dimmed" mb="md">
                {t('adminSettings.platform.newRequestsOnly')}
              </Text>
              <PlatformSettingsForm />
            </Tabs.Panel>
            <Tabs.Panel value="types">
              <LicenseTypesPanel />
            </Tabs.Panel>
            <Tabs.Panel value="documents">{documents}</Tabs.Panel>
          </Paper>
        </Tabs>
      </Stack>
    </Container>
  );
}
