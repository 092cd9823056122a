import { Avatar, Button, Group } from '@mantine/core';
import { AVATAR_SIZE } from '../../../common/constants';
import { FormError } from '../../components/form-error';
import { ImageCropDialog, PickImageButton } from '../../components/image-crop-dialog';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { useProfileImageEditor } from './profile-images-api';
import { SettingsCard } from './settings-card';

/** Update avatar (SPEC 2.1 settings): the current picture; change it (pick, crop, upload) or remove it. */
export function AvatarCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const editor = useProfileImageEditor('avatar');
  if (!user) return null;

  return (
    <SettingsCard title={t('profileImages.avatar.title')} intro={t('profileImages.avatar.intro')}>
      <Group gap="lg">
        {/* Without a picture, or when it fails to load, the initials of the name show instead. */}
        <Avatar
          src={user.image}
          alt={t('profileImages.avatar.alt')}
          name={user.name}
          color="initials"
          size={96}
        />
        <Group gap="xs">
          <PickImageButton
            label={t(user.image ? 'profileImages.change' : 'profileImages.choose')}
            disabled={editor.removing}
            onPick={editor.handlePick}
            onRefuse={editor.handleRefuse}
          />
          {user.image && (
            <Button variant="subtle" color="red" loading={editor.removing} onClick={editor.handleRemove}>
              {t('profileImages.remove')}
            </Button>
          )}
        </Group>
      </Group>
      <FormError error={editor.error} />
      <ImageCropDialog
        {...editor.cropDialog}
        title={t('profileImages.avatar.cropTitle')}
        aspect={AVATAR_SIZE.width / AVATAR_SIZE.height}
        output={AVATAR_SIZE}
        cropShape="round"
      />
    </SettingsCard>
  );
}
