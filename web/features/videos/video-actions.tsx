import { Button, Group } from '@mantine/core';
import { IconCertificate, IconEdit, IconMessage2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { VideoAbilities } from '../../../common/contracts/videos';
import { buildPath, ROUTES } from '../../../common/routes';
import { CollectButton } from '../../components/collect-button';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';

/**
 * What the viewer may do with the video; the server's abilities decide, and refuse the same. A member may
 * keep any video they see in a collection.
 */
export function VideoActions({
  videoId,
  abilities,
  holdsLicense,
  title,
}: {
  videoId: string;
  title: string;
  abilities: VideoAbilities;
  /** The viewer holds a license already (shown above): another one is a secondary action. */
  holdsLicense: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!abilities.edit && !abilities.suggestEdit && !abilities.license && !user) return null;
  return (
    <Group gap="sm" data-testid="video-actions">
      {abilities.license && (
        <Button
          component={Link}
          to={buildPath(ROUTES.videoLicense, { videoId })}
          variant={holdsLicense ? 'default' : 'filled'}
          leftSection={<IconCertificate size={18} />}
        >
          {t(holdsLicense ? 'videos.actions.licenseAgain' : 'videos.actions.license')}
        </Button>
      )}
      {user && <CollectButton videoId={videoId} title={title} />}
      {abilities.edit && (
        <Button
          component={Link}
          to={buildPath(ROUTES.videoEdit, { videoId })}
          variant="default"
          leftSection={<IconEdit size={18} />}
        >
          {t('videos.actions.edit')}
        </Button>
      )}
      {abilities.suggestEdit && (
        <Button
          component={Link}
          to={buildPath(ROUTES.videoEditSuggestion, { videoId })}
          variant="subtle"
          leftSection={<IconMessage2 size={18} />}
        >
          {t('videos.actions.suggestEdit')}
        </Button>
      )}
    </Group>
  );
}
