import { Alert, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { buildPath, ROUTES } from '../../../common/routes';
import { AccessDenied } from '../../components/access-denied';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { usePageName } from '../../lib/route-title';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { useCreateLicenseRequest, useVideoToLicense } from './api';
import { useLicenseRequestDraft } from './license-request-draft';
import { LicenseRequestForm } from './license-steps';

/**
 * /videos/{videoId}/license (SPEC 2.6 "license request create"): four steps (type, usage, billing,
 * confirmation) that keep their values when going back; the request is sent at the end and the buyer
 * lands on its details. The route makes sure the caller is signed in and verified.
 */
export function LicenseCreatePage() {
  const { t } = useTranslation();
  const { videoId } = useParams();
  const { user } = useSession();
  const video = useVideoToLicense(videoId);
  usePageName(video.data?.title, { replaces: 'video' });
  const draft = useLicenseRequestDraft(useCreateLicenseRequest(videoId ?? ''), (created) =>
    buildPath(ROUTES.myLicense, { licenseRequestId: created.id }),
  );

  if (!user) return null;
  if (video.isPending) {
    return (
      <Container size="md" py="xl">
        <Skeleton h={320} radius="lg" />
      </Container>
    );
  }
  if (video.isError) {
    const missing = video.error instanceof ApiError && video.error.status === 404;
    return (
      <Container size="md" py="xl">
        {missing ? (
          <Alert color="gray">{t('licensing.create.videoMissing')}</Alert>
        ) : (
          <FormError error={video.error} />
        )}
      </Container>
    );
  }
  // The owner, or a video that is not for sale: the server would refuse the request.
  if (!video.data.abilities.license) return <AccessDenied />;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('licensing.create.title')}</Title>
          <Text c="dimmed">
            {t('licensing.create.subtitle')}{' '}
            <Text
              component={Link}
              to={buildPath(ROUTES.video, { videoId: video.data.id })}
              fw={600}
              c="teal.8"
            >
              {video.data.title}
            </Text>
          </Text>
        </Stack>
        <LicenseRequestForm draft={draft} user={user} videoTitles={[video.data.title]} />
      </Stack>
    </Container>
  );
}
