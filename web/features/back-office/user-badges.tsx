import { Badge, Group } from '@mantine/core';
import type { AdminUserSummary } from '../../../common/contracts/admin-users';
import { useTranslation } from '../../lib/translation';

/** A user's rights, verification and whether the account is disabled, as small badges. */
export function UserBadges({ user }: { user: Pick<AdminUserSummary, 'rights' | 'verified' | 'disabled'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {user.disabled && (
        <Badge color="red" variant="filled" size="sm">
          {t('backOffice.users.disabled')}
        </Badge>
      )}
      {user.rights.map((right) => (
        <Badge key={right} color="teal" variant="light" size="sm">
          {t(`backOffice.rights.${right}`)}
        </Badge>
      ))}
      <Badge color={user.verified ? 'green' : 'gray'} variant="outline" size="sm">
        {t(user.verified ? 'backOffice.users.verified' : 'backOffice.users.unverified')}
      </Badge>
    </Group>
  );
}
