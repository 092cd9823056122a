import { Avatar, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { REFERRAL_BONUS_PERCENT } from '../../../common/constants';
import { ROUTES } from '../../../common/routes';
import { openOverlay } from '../../lib/overlays';
import { useRouteNames } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { displayName } from '../../lib/user-path';
import { useInviter } from './api';

/** /join/{userId}, 'Join our community!': who invites the visitor, and the way to sign up. */
export function JoinPage({ inviterId }: { inviterId: string | undefined }) {
  const { t } = useTranslation();
  const [title] = useRouteNames();
  const { isSignedIn } = useSession();
  const inviter = useInviter(inviterId);
  const name = inviter.data ? displayName(inviter.data.name, t) : null;

  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md">
          {inviter.isPending && inviterId ? (
            <Skeleton circle h={96} />
          ) : (
            name && (
              <Avatar src={inviter.data?.image} alt="" name={name} color="initials" size={96} radius={96} />
            )
          )}
          <Title order={1}>{title}</Title>
          <Text size="lg">{name ? t('referrals.invitedBy', { name }) : t('referrals.invitedGeneric')}</Text>
          <Text c="dimmed" maw={460}>
            {t('referrals.joinBody', { percent: REFERRAL_BONUS_PERCENT })}
          </Text>
          {isSignedIn ? (
            <Stack gap="xs" align="center">
              <Text fw={600}>{t('referrals.alreadyMember')}</Text>
              <Button component={Link} to={ROUTES.home} variant="light">
                {t('notFound.home')}
              </Button>
            </Stack>
          ) : (
            <Group justify="center">
              <Button size="md" onClick={() => openOverlay('auth', { view: 'signUp' })}>
                {t('referrals.signUp')}
              </Button>
              <Button size="md" variant="subtle" onClick={() => openOverlay('auth', { view: 'signIn' })}>
                {t('header.signIn')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
