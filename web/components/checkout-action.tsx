import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessageKey } from '../lib/error-message';
import { useTranslation } from '../lib/translation';

/**
 * The way to the payment provider's checkout, for one request or several clips at once: that an earlier
 * checkout is still open (paying again replaces it), why going there failed, and the Pay button, shown
 * when the caller may pay. The browser leaves for the address the server answers.
 */
export function CheckoutAction({
  checkout,
  amount,
  processing,
  payable = true,
}: {
  checkout: UseMutationResult<{ url: string }, Error, void>;
  /** The price as shown, in the reader's language. */
  amount: string;
  /** A checkout was opened and not paid yet. */
  processing: boolean;
  payable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const pay = () => checkout.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) });
  return (
    <>
      {processing && (
        <Alert color="blue" icon={<IconInfoCircle />} title={t('payments.processing')}>
          {t('payments.processingBody')}
        </Alert>
      )}
      {checkout.isError && (
        <Alert color="red" icon={<IconAlertTriangle />}>
          {t(errorMessageKey(checkout.error, i18n))}
        </Alert>
      )}
      {payable && (
        <Button size="lg" onClick={pay} loading={checkout.isPending || checkout.isSuccess}>
          {t(processing ? 'payments.payAgain' : 'payments.pay', { amount })}
        </Button>
      )}
    </>
  );
}
