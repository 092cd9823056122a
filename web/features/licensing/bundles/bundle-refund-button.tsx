import { IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { ReasonConfirmButton } from '../reason-confirm-button';
import { useRefundLicenseBundle } from './bundle-api';

/**
 * A license manager's refund of every paid clip of a request for several at once (each clip is refunded
 * on its own, as its page's Refund does; the server refuses what is past its window). One clip alone is
 * refunded from its own page.
 */
export function BundleRefundButton({
  bundleId,
  paid,
  total,
}: {
  bundleId: string;
  paid: number;
  total: string;
}) {
  const { t } = useTranslation();
  return (
    <ReasonConfirmButton
      action={useRefundLicenseBundle(bundleId)}
      icon={<IconReceiptRefund size={16} />}
      needsReason
      texts={{
        button: t('licensing.bundle.refundAll', { count: paid }),
        title: t('licensing.bundle.refundTitle', { count: paid }),
        body: t('licensing.refund.body', { price: total }),
        reason: t('licensing.refund.reason'),
        keep: t('licensing.refund.keep'),
        confirm: t('licensing.refund.confirm', { price: total }),
        done: t('licensing.bundle.refundDone', { count: paid }),
      }}
    />
  );
}
