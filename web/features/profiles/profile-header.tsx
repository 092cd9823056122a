import { Anchor, Avatar, Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { UserProfile } from '../../../common/contracts/users';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { displayName, useUserPath } from '../../lib/user-path';
import { VerifiedBadge } from './verified-badge';

/** A neutral cover for users who have not set one. */
const COVER_FALLBACK = 'linear-gradient(120deg, var(--mantine-color-teal-7), var(--mantine-color-cyan-4))';

/** Cover, avatar, name with the verified badge, role, bio and join date (SPEC 1, 2.1). */
export function ProfileHeader({ profile, actions }: { profile: UserProfile; actions?: React.ReactNode }) {
  const { t } = useTranslation();
  const userPath = useUserPath();
  const name = displayName(profile.name, t);
  const joined = useDates().date(profile.joinedAt);

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Box
        style={{
          aspectRatio: '5 / 1',
          background: profile.coverImage
            ? `center / cover no-repeat url("${profile.coverImage}")`
            : COVER_FALLBACK,
        }}
        role={profile.coverImage ? 'img' : undefined}
        aria-label={profile.coverImage ? t('users.coverOf', { name }) : undefined}
      />
      <Stack gap="sm" px={{ base: 'md', sm: 'xl' }} pb="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Avatar
            src={profile.image}
            alt={name}
            name={name}
            color="initials"
            size={112}
            radius={112}
            mt={-56}
            style={{ border: '4px solid var(--mantine-color-body)' }}
          />
          {actions}
        </Group>
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {name}
          {/* Inside the heading, so the badge follows the last word when a long name wraps. */}
          {profile.isVerified && (
            <Box component="span" ml={8} style={{ verticalAlign: 'middle', display: 'inline-flex' }}>
              <VerifiedBadge size={24} />
            </Box>
          )}
        </Title>
        <Group gap="xs">
          {profile.role && <Badge variant="light">{t(`users.roles.${profile.role}`)}</Badge>}
          <Text size="sm" c="dimmed">
            {t('users.joined', { date: joined })}
          </Text>
          {profile.referredBy && (
            <Text size="sm" c="dimmed">
              {t('users.referredBy')}{' '}
              <Anchor component={Link} to={userPath(profile.referredBy.id)} inherit underline="always">
                {displayName(profile.referredBy.name, t)}
              </Anchor>
            </Text>
          )}
        </Group>
        {profile.bio?.split(/\n\s*\n/).map((paragraph) => (
          <Text key={paragraph} maw={720} style={{ whiteSpace: 'pre-line' }}>
            {paragraph}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
