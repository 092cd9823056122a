import { Alert } from '@mantine/core';
import { useTranslation } from '../../lib/translation';
import { billingErrorText } from './billing-api';

/** A failed billing call's message in the user's language (the cap in this screen's words); nothing otherwise. */
export function BillingErrorAlert({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {billingErrorText(error, t, i18n)}
    </Alert>
  );
}
