import { Box, Divider, NavLink, Stack, Text } from '@mantine/core';
import {
  IconCash,
  IconEdit,
  IconFlag,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
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
import { Link, useLocation } from 'react-router';
import type { Right } from '../../../common/permissions';
import { ROUTES } from '../../../common/routes';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { activeAddress } from './active-entry';

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

/** The admin section (SPEC 2.2); license managers see their one entry too. */
const ADMIN: Entry[] = [
  { label: 'nav.adminDashboard', to: ROUTES.admin, icon: IconLayoutDashboard, right: 'admin' },
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
  { label: 'nav.abuseReports', to: ROUTES.adminAbuseReports, icon: IconFlag, right: 'admin' },
  { label: 'nav.settings', to: ROUTES.adminSettings, icon: IconSettings, right: 'admin' },
  { label: 'nav.auditLog', to: ROUTES.adminAudit, icon: IconHistory, right: 'admin' },
];

export function SideMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { can } = useSession();
  const main = MAIN.filter((entry) => !entry.right || can(entry.right));
  const admin = ADMIN.filter((entry) => !entry.right || can(entry.right));
  // Exactly one entry is lit: the most specific one. The drawer's shortcuts repeat main addresses,
  // so they are never lit themselves.
  const active = activeAddress(
    pathname,
    [...main, ...admin].map((entry) => entry.to),
  );

  const render = (entry: Entry, lit = entry.to === active) => (
    <NavLink
      key={`${entry.label}-${entry.to}`}
      component={Link}
      to={entry.to}
      label={t(entry.label)}
      description={entry.description ? t(entry.description) : undefined}
      leftSection={<entry.icon size={20} stroke={1.6} />}
      active={lit}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );

  // The browser's own scrolling, not the kit's ScrollArea: that one brings a positioning library along.
  return (
    <Box p="sm" h="100%" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
      <Stack gap={2}>
        {main.map((entry) => render(entry))}
        {admin.length > 0 && (
          <>
            <Divider my="sm" />
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
              {t('nav.adminSection')}
            </Text>
            {admin.map((entry) => render(entry))}
          </>
        )}
        {/* Below 850 px the header has no room for Sell and Buy; they live here instead. */}
        <Box hiddenFrom="md">
          <Divider my="sm" />
          {SHORTCUTS.map((entry) => render(entry, false))}
        </Box>
      </Stack>
    </Box>
  );
}
