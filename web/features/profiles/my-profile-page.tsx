import { Button, Flex, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCertificate, IconSettings, IconUsers, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '../../../common/routes';
import { BalanceCard } from '../../components/earnings/balance-card';
import { RequireSignIn } from '../../components/require-sign-in';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { useDashboard } from './api';
import { ProfileView } from './user-profile-page';

/** /me: the signed-in user's profile, their dashboard counts, and all their videos. */
export function MyProfilePage() {
  const { user } = useSession();
  return (
    <RequireSignIn>
      {user && (
        <ProfileView userId={user.id} own>
          <Dashboard />
        </ProfileView>
      )}
    </RequireSignIn>
  );
}

/** The balance, and counts of the user's videos, licenses and referrals (SPEC 2.6). */
function Dashboard() {
  const { t } = useTranslation();
  const dashboard = useDashboard(true);
  const tiles = [
    { key: 'videos', icon: IconVideo, to: ROUTES.myVideos, value: dashboard.data?.videos },
    { key: 'licenses', icon: IconCertificate, to: ROUTES.myLicenses, value: dashboard.data?.licenses },
    { key: 'referrals', icon: IconUsers, to: ROUTES.myReferrals, value: dashboard.data?.referrals },
  ] as const;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700} size="lg" component="h2" m={0}>
          {t('users.dashboard')}
        </Text>
        <Button
          component={Link}
          to={ROUTES.settingsInfo}
          variant="subtle"
          leftSection={<IconSettings size={16} />}
        >
          {t('users.editProfile')}
        </Button>
      </Group>
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        {tiles.map(({ key, icon: Icon, to, value }) => (
          <Paper
            key={key}
            component={Link}
            to={to}
            withBorder
            radius="lg"
            p={{ base: 'sm', sm: 'md' }}
            className="tile-link"
          >
            <Flex
              gap={{ base: 6, sm: 'md' }}
              direction={{ base: 'column', sm: 'row' }}
              align={{ sm: 'center' }}
            >
              <ThemeIcon size={44} radius="md" variant="light">
                <Icon size={24} />
              </ThemeIcon>
              <div>
                {dashboard.isPending ? (
                  <Skeleton h={28} w={40} />
                ) : (
                  <Text fw={800} fz={26} lh={1.1}>
                    {value ?? '–'}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t(`users.counts.${key}`)}
                </Text>
                {/* A creator's side of licensing: the licenses sold of their videos (a buyer's are the count). */}
                {key === 'licenses' && !!dashboard.data?.sales && (
                  <Text size="xs" c="dimmed" data-testid="dashboard-sales">
                    {t('users.counts.sold', { count: dashboard.data.sales })}
                  </Text>
                )}
              </div>
            </Flex>
          </Paper>
        ))}
      </SimpleGrid>
      <BalanceCard historyLink />
    </Stack>
  );
}
