import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { HeldLicense } from '../../../common/contracts/videos';
import { buildPath, ROUTES } from '../../../common/routes';
import { LicenseFileButtons } from '../../components/license-file-buttons';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';

/** The licenses of this video the viewer holds: the original and the certificate are a click away here. */
export function HeldLicenses({ licenses }: { licenses: HeldLicense[] }) {
  const { t, i18n } = useTranslation();
  const { date: formatDate } = useDates();
  if (licenses.length === 0) return null;
  return (
    <Alert
      color="green"
      icon={<IconShieldCheck />}
      title={t('videos.held.title')}
      data-testid="held-licenses"
    >
      <Stack gap="sm">
        {licenses.map((held) => (
          <Stack key={held.requestId} gap={6}>
            <Text size="sm">
              {t('videos.held.since', {
                type: i18n.language === 'el' ? held.typeNameEl : held.typeNameEn,
                date: formatDate(held.completedAt),
              })}{' '}
              <Anchor component={Link} to={buildPath(ROUTES.myLicense, { licenseRequestId: held.requestId })}>
                {t('videos.held.details')}
              </Anchor>
            </Text>
            <Group gap="sm">
              <LicenseFileButtons requestId={held.requestId} size="sm" />
            </Group>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
