import { Tooltip } from '@mantine/core';
import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translation';

/** The verified badge next to a user's name (SPEC 3 User: isVerified). */
export function VerifiedBadge({ size = 20 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('users.verified')} withArrow>
      <IconRosetteDiscountCheckFilled
        size={size}
        color="var(--mantine-color-teal-6)"
        role="img"
        aria-label={t('users.verified')}
        style={{ flexShrink: 0 }}
      />
    </Tooltip>
  );
}
