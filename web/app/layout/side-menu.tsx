import { Box, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconCash,
  IconEdit,
  IconHome,
  IconLicense,
  IconReceipt,
  IconRss,
  IconSettings,
  IconUpload,
  IconUsers,
  IconVideo,
  IconWallet,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Right } from '../../../common/permissions';
import { ROUTES } from '../../../common/routes';
import { useSession } from '../../lib/session';

interface Entry {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Shown only to holders of this right (the server refuses the rest anyway). */
  right?: Right;
  description?: string;
}

const MAIN: Entry[] = [
  { label: 'nav.home', to: ROUTES.home, icon: IconHome },
  { label: 'nav.videos', to: ROUTES.videos, icon: IconVideo },
  { label: 'nav.upload', to: ROUTES.upload, icon: IconUpload },
  { label: 'nav.videoEdits', to: ROUTES.videoEdits, icon: IconEdit, right: 'manage_videos' },
];

const SHORTCUTS: Entry[] = [
  { label: 'header.sell', description: 'header.sellHint', to: ROUTES.upload, icon: IconCash },
  { label: 'header.buy', description: 'header.buyHint', to: ROUTES.videos, icon: IconLicense },
];

/** The admin section (SPEC 2.2); licence managers see their one entry too. */
const ADMIN: Entry[] = [
  { label: 'nav.appUsers', to: ROUTES.adminUsers, icon: IconUsers, right: 'admin' },
  { label: 'nav.mrss', to: ROUTES.adminMrss, icon: IconRss, right: 'admin' },
  { label: 'nav.transactions', to: ROUTES.adminTransactions, icon: IconReceipt, right: 'admin' },
  { label: 'nav.withdrawalRequests', to: ROUTES.adminWithdrawalRequests, icon: IconWallet, right: 'admin' },
  {
    label: 'nav.licenseRequests',
    to: ROUTES.adminLicenseRequests,
    icon: IconLicense,
    right: 'manage_licenses',
  },
  { label: 'nav.settings', to: ROUTES.adminSettings, icon: IconSettings, right: 'admin' },
];

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

export function SideMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { can } = useSession();
  const admin = ADMIN.filter((entry) => !entry.right || can(entry.right));

  const render = (entry: Entry) => (
    <NavLink
      key={`${entry.label}-${entry.to}`}
      component={Link}
      to={entry.to}
      label={t(entry.label)}
      description={entry.description ? t(entry.description) : undefined}
      leftSection={<entry.icon size={20} stroke={1.6} />}
      active={isActive(pathname, entry.to)}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );

  return (
    <ScrollArea p="sm" h="100%">
      <Stack gap={2}>
        {MAIN.filter((entry) => !entry.right || can(entry.right)).map(render)}
        {admin.length > 0 && (
          <>
            <Divider my="sm" />
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
              {t('nav.adminSection')}
            </Text>
            {admin.map(render)}
          </>
        )}
        {/* Below 850 px the header has no room for Sell and Buy; they live here instead. */}
        <Box hiddenFrom="md">
          <Divider my="sm" />
          {SHORTCUTS.map(render)}
        </Box>
      </Stack>
    </ScrollArea>
  );
}
