import { Alert, Button, Container, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { loadingRegion } from '../../components/loading-region';
import { NotFoundPage } from '../../components/not-found-page';
import { ApiError } from '../../lib/api';
import { usePageName } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { displayName } from '../../lib/user-path';
import { useUserProfile } from './api';
import { ProfileHeader } from './profile-header';
import { UserVideos } from './user-videos';

/** /users/{userId}: a user's public profile and videos; the title is the user's name. */
export function UserProfilePage() {
  const { userId } = useParams();
  const { user } = useSession();
  return <ProfileView userId={userId} own={user?.id === userId} />;
}

/** The profile and videos of one user, for /users/{id} and /me. */
export function ProfileView({
  userId,
  own,
  children,
}: {
  userId: string | undefined;
  own: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const profile = useUserProfile(userId);
  // On /users/{id} the name stands for "User profile"; /me keeps its own title, "My profile".
  usePageName(profile.data ? displayName(profile.data.name, t) : null, { replaces: 'user' });

  if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFoundPage />;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        {profile.isPending && <Skeleton h={320} radius="lg" {...loadingRegion(t)} />}
        {profile.isError && (
          <Alert color="red" title={t('users.loadError')}>
            <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void profile.refetch()}>
              {t('home.retry')}
            </Button>
          </Alert>
        )}
        {profile.data && <ProfileHeader profile={profile.data} />}
        {children}
        {userId && <UserVideos userId={userId} own={own} />}
      </Stack>
    </Container>
  );
}
