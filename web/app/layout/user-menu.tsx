import { Avatar, Indicator, Menu, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconChartBar,
  IconEdit,
  IconFolder,
  IconLogout,
  IconReceipt,
  IconSettings,
  IconShieldCheck,
  IconTargetArrow,
  IconUser,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { openOverlay } from '../../lib/overlays';
import { useSession, useSignOut } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';

/** The profile menu of a signed-in user: my profile, settings, sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (!user) return null;

  const handleSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate(ROUTES.home),
      onError: () => showToast('danger', t('errors.INTERNAL_ERROR')),
    });

  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.accountMenu')}>
          {/* An unfinished verification shows as a dot: the menu has the way to finish it. */}
          <Indicator disabled={user.verified} color="orange" offset={5} size={11} withBorder>
            <Avatar src={user.image} alt={user.name} name={user.name} color="initials" radius="xl" />
          </Indicator>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.name || user.email}</Menu.Label>
        {!user.verified && (
          // The icon carries the warning colour: orange text on the item's hover tint is unreadable
          <Menu.Item
            onClick={() => openOverlay('verification')}
            leftSection={<IconShieldCheck size={16} color="var(--mantine-color-orange-8)" />}
          >
            {t('verification.open')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={ROUTES.me} leftSection={<IconUser size={16} />}>
          {t('header.myProfile')}
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.myTransactions} leftSection={<IconReceipt size={16} />}>
          {t('header.myTransactions')}
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.myAnalytics} leftSection={<IconChartBar size={16} />}>
          {t('header.myAnalytics')}
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.myCollections} leftSection={<IconFolder size={16} />}>
          {t('header.myCollections')}
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.myStandingRequests} leftSection={<IconBell size={16} />}>
          {t('header.myStandingRequests')}
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.demand} leftSection={<IconTargetArrow size={16} />}>
          {t('header.demand')}
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.mySuggestions} leftSection={<IconEdit size={16} />}>
          {t('header.mySuggestions')}
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES.settings} leftSection={<IconSettings size={16} />}>
          {t('header.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          onClick={handleSignOut}
          leftSection={<IconLogout size={16} />}
          disabled={signOut.isPending}
        >
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
