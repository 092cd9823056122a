import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { Referral } from '../../../common/contracts/users';
import { formatMoney } from '../../../common/money';
import { loadingRegion } from '../../components/loading-region';
import { RequireSignIn } from '../../components/require-sign-in';
import { useDates } from '../../lib/dates';
import { useRouteNames } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { displayName, useUserPath } from '../../lib/user-path';
import { useReferrals } from './api';
import { InviteLinkCard } from './invite-link-card';

/** /me/referrals: the invite link, and the users the signed-in user invited. */
export function ReferralsPage() {
  const { t } = useTranslation();
  const [title] = useRouteNames();
  const { user } = useSession();
  return (
    <RequireSignIn>
      <Container size="md" py="xl">
        <Title order={1} mb="lg">
          {title}
        </Title>
        {user && (
          <Stack gap="lg">
            <InviteLinkCard userId={user.id} />
            <Title order={2} fz="lg">
              {t('referrals.listTitle')}
            </Title>
            <ReferralList />
          </Stack>
        )}
      </Container>
    </RequireSignIn>
  );
}

function ReferralList() {
  const { t } = useTranslation();
  const referrals = useReferrals();
  const items = referrals.data?.pages.flatMap((page) => page.items) ?? [];

  if (referrals.isPending) return <Skeleton h={140} radius="lg" {...loadingRegion(t)} />;
  if (referrals.isError) {
    return (
      <Alert color="red" title={t('referrals.loadError')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void referrals.refetch()}>
          {t('home.retry')}
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Card withBorder radius="lg" p="xl" ta="center">
        <Text c="dimmed">{t('referrals.empty')}</Text>
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((referral, index) => (
          <ReferralRow key={referral.id} referral={referral} first={index === 0} />
        ))}
      </Paper>
      {referrals.hasNextPage && (
        <Center>
          <Button
            variant="light"
            loading={referrals.isFetchingNextPage}
            onClick={() => void referrals.fetchNextPage()}
          >
            {t('users.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

function ReferralRow({ referral, first }: { referral: Referral; first: boolean }) {
  const { t, i18n } = useTranslation();
  const userPath = useUserPath();
  const name = displayName(referral.name, t);
  const { date: dateOf } = useDates();
  const joined = dateOf(referral.joinedAt);
  return (
    <Group
      component="li"
      gap="md"
      p="md"
      wrap="nowrap"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Avatar src={referral.image} alt="" name={name} color="initials" radius="xl" />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={userPath(referral.id)} fw={700} truncate>
          {name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t('referrals.joined', { date: joined })}
          {' · '}
          {referral.firstSaleAt
            ? t('referrals.firstSaleOn', { date: dateOf(referral.firstSaleAt) })
            : t('referrals.noSaleYet')}
        </Text>
        {referral.bonus && (
          <Text size="sm" fw={700} c="teal.9">
            {t('referrals.bonusEarned', {
              amount: formatMoney(referral.bonus.amountCents, referral.bonus.currency, i18n.language),
            })}
          </Text>
        )}
      </Stack>
      <Badge color={referral.verified ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
        {referral.verified ? t('referrals.verified') : t('referrals.notVerified')}
      </Badge>
    </Group>
  );
}
