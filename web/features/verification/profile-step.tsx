import { Stack, Text } from '@mantine/core';
import type { SessionUser } from '../../../common/contracts/session';
import { ProfileForm } from '../../components/profile-form';
import { useTranslation } from '../../lib/translation';

/** Step 3 (SPEC 2.5): "Tell us about yourself". */
export function ProfileStep({ user, countryGuess }: { user: SessionUser; countryGuess: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text>{t('verification.profile.intro')}</Text>
      <ProfileForm user={user} countryGuess={countryGuess} />
    </Stack>
  );
}
