import { Alert } from '@mantine/core';
import { errorMessageKey } from '../lib/error-message';
import { useTranslation } from '../lib/translation';

/** The message under a form when its request failed, in the user's language; nothing otherwise. */
export function FormError({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {t(errorMessageKey(error, i18n))}
    </Alert>
  );
}
