import { AspectRatio, Box, Button, Center, Group, Image, Skeleton, Text } from '@mantine/core';
import { COVER_SIZE } from '../../../common/constants';
import { FormError } from '../../components/form-error';
import { ImageCropDialog, PickImageButton } from '../../components/image-crop-dialog';
import { openOverlay } from '../../lib/overlays';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { useProfileImageEditor, useProfileImages } from './profile-images-api';
import { SettingsCard } from './settings-card';

const RATIO = COVER_SIZE.width / COVER_SIZE.height;
/** What shows while there is no cover: neutral, in the theme's colours. */
const FALLBACK = 'linear-gradient(120deg, var(--mantine-color-gray-3), var(--mantine-color-gray-1))';

/**
 * Update cover (SPEC 2.1 settings): the wide picture above the public profile. Only a user with a
 * profile (saved in the verification) has a public page, so the others are pointed to the verification.
 */
export function CoverCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const hasProfile = Boolean(user?.profile);
  const images = useProfileImages(hasProfile);
  const editor = useProfileImageEditor('cover');
  if (!user) return null;
  const cover = images.data?.cover ?? null;

  return (
    <SettingsCard title={t('profileImages.cover.title')} intro={t('profileImages.cover.intro')} width={720}>
      <AspectRatio ratio={RATIO}>
        {images.isLoading ? (
          <Skeleton radius="md" />
        ) : cover ? (
          <Image src={cover} alt={t('profileImages.cover.alt')} radius="md" fit="cover" />
        ) : (
          <Box style={{ background: FALLBACK, borderRadius: 'var(--mantine-radius-md)' }}>
            <Center h="100%">
              <Text size="sm" c="dimmed" ta="center" px="sm">
                {t('profileImages.cover.empty')}
              </Text>
            </Center>
          </Box>
        )}
      </AspectRatio>
      {hasProfile ? (
        <Group gap="xs">
          <PickImageButton
            label={t(cover ? 'profileImages.change' : 'profileImages.choose')}
            disabled={editor.removing}
            onPick={editor.handlePick}
            onRefuse={editor.handleRefuse}
          />
          {cover && (
            <Button variant="subtle" color="red" loading={editor.removing} onClick={editor.handleRemove}>
              {t('profileImages.remove')}
            </Button>
          )}
        </Group>
      ) : (
        <Group gap="sm" justify="space-between">
          <Text size="sm">{t('profileImages.cover.needsProfile')}</Text>
          <Button variant="light" onClick={() => openOverlay('verification')}>
            {t('profileImages.cover.verify')}
          </Button>
        </Group>
      )}
      <FormError error={editor.error ?? images.error} />
      <ImageCropDialog
        {...editor.cropDialog}
        title={t('profileImages.cover.cropTitle')}
        aspect={RATIO}
        output={COVER_SIZE}
      />
    </SettingsCard>
  );
}
