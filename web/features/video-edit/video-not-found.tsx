import { Alert } from '@mantine/core';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/translation';

/** A video that does not exist or is hidden from the caller; any other failure in its own words. */
export function VideoNotFound({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <Alert color="gray" variant="light">
        {t('edit.notFound')}
      </Alert>
    );
  }
  return <FormError error={error} />;
}
