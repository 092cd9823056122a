import { IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translation';
import { useRefundLicenseRequest } from './api';
import { ReasonConfirmButton } from './reason-confirm-button';

/**
 * A license manager's "Refund" of a completed sale, with a confirmation and the reason the buyer reads
 * (the server asks for it too). It cannot be undone, so the modal says what it takes back.
 */
export function RefundButton({ requestId, price }: { requestId: string; price: string }) {
  const { t } = useTranslation();
  return (
    <ReasonConfirmButton
      action={useRefundLicenseRequest(requestId)}
      icon={<IconReceiptRefund size={16} />}
      needsReason
      texts={{
        button: t('licensing.refund.button'),
        title: t('licensing.refund.title'),
        body: t('licensing.refund.body', { price }),
        reason: t('licensing.refund.reason'),
        keep: t('licensing.refund.keep'),
        confirm: t('licensing.refund.confirm', { price }),
        done: t('licensing.refund.done'),
      }}
    />
  );
}
