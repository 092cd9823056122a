import { Container } from '@mantine/core';
import { RequireSignIn } from '../../components/require-sign-in';
import { useSession } from '../../lib/session';
import { UserVideos } from './user-videos';

/** /me/videos: every video of the signed-in user, in every status. */
export function MyVideosPage() {
  const { user } = useSession();
  return (
    <RequireSignIn>
      <Container size="lg" py="xl">
        {user && <UserVideos userId={user.id} own isPage />}
      </Container>
    </RequireSignIn>
  );
}
