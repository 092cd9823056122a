import { Stack } from '@mantine/core';
import { DEFAULT_COUNTRY } from '../../../common/constants';
import { ProfileForm } from '../../components/profile-form';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { AvatarCard } from './avatar-card';
import { CoverCard } from './cover-card';
import { SettingsCard } from './settings-card';

/** /me/settings/info: the avatar, the cover, and the profile form of the verification, editable. */
export function SettingsInfoPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <AvatarCard />
      <CoverCard />
      <SettingsCard title={t('settings.info.title')} intro={t('settings.info.intro')} width={720}>
        <ProfileForm user={user} countryGuess={user.account?.country ?? DEFAULT_COUNTRY} />
      </SettingsCard>
    </Stack>
  );
}
