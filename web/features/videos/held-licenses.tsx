import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconCertificate, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HeldLicense } from '../../../common/contracts/videos';
import { buildPath, ROUTES } from '../../../common/routes';
import { useFormatDate } from '../../components/video-card';

/** The licences of this video the viewer holds: the original and the certificate are a click away here. */
export function HeldLicenses({ licenses }: { licenses: HeldLicense[] }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  if (licenses.length === 0) return null;
  return (
    <Alert
      color="green"
      icon={<IconShieldCheck />}
      title={t('videos.held.title')}
      data-testid="held-licenses"
    >
      <Stack gap="sm">
        {licenses.map((held) => {
          const id = encodeURIComponent(held.requestId);
          return (
            <Stack key={held.requestId} gap={6}>
              <Text size="sm">
                {t('videos.held.since', {
                  type: i18n.resolvedLanguage === 'el' ? held.typeNameEl : held.typeNameEn,
                  date: formatDate(held.completedAt),
                })}{' '}
                <Anchor
                  component={Link}
                  to={buildPath(ROUTES.myLicense, { licenseRequestId: held.requestId })}
                >
                  {t('videos.held.details')}
                </Anchor>
              </Text>
              <Group gap="sm">
                <Button
                  component="a"
                  href={`/api/license-requests/${id}/download`}
                  size="sm"
                  leftSection={<IconDownload size={16} />}
                >
                  {t('licensing.details.download')}
                </Button>
                <Button
                  component="a"
                  href={`/api/license-requests/${id}/certificate`}
                  size="sm"
                  variant="light"
                  leftSection={<IconCertificate size={16} />}
                >
                  {t('licensing.details.certificate')}
                </Button>
              </Group>
            </Stack>
          );
        })}
      </Stack>
    </Alert>
  );
}
