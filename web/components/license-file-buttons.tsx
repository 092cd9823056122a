import { Button, type ButtonProps } from '@mantine/core';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { pathOf } from '../../common/endpoint';
import { licensePaymentsEndpoints } from '../../common/endpoints/license-payments';
import { useTranslation } from '../lib/translation';

/**
 * A license holder's two files: the original (a download) and the license certificate (a PDF), both
 * answered by the server only to the buyer of a completed license.
 */
export function LicenseFileButtons({ requestId, size }: { requestId: string; size?: ButtonProps['size'] }) {
  const { t } = useTranslation();
  const { download, certificate } = licensePaymentsEndpoints;
  return (
    <>
      <Button
        component="a"
        href={pathOf(download, { id: requestId })}
        size={size}
        leftSection={<IconDownload size={16} />}
      >
        {t('licensing.details.download')}
      </Button>
      <Button
        component="a"
        href={pathOf(certificate, { id: requestId })}
        size={size}
        variant="light"
        leftSection={<IconCertificate size={16} />}
      >
        {t('licensing.details.certificate')}
      </Button>
    </>
  );
}
