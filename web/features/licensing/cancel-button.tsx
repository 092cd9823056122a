import { IconX } from '@tabler/icons-react';
import { useTranslation } from '../../lib/translation';
import { useCancelLicenseRequest } from './api';
import { ReasonConfirmButton } from './reason-confirm-button';

/** "Cancel" with a confirmation; a manager must give the buyer a reason (the server asks the same). */
export function CancelButton({ requestId, needsReason }: { requestId: string; needsReason: boolean }) {
  const { t } = useTranslation();
  return (
    <ReasonConfirmButton
      action={useCancelLicenseRequest(requestId)}
      icon={<IconX size={16} />}
      needsReason={needsReason}
      texts={{
        button: t('licensing.cancel.button'),
        title: t('licensing.cancel.title'),
        body: t(needsReason ? 'licensing.cancel.bodyManager' : 'licensing.cancel.body'),
        reason: t('licensing.cancel.reason'),
        keep: t('licensing.cancel.keep'),
        confirm: t('licensing.cancel.confirm'),
        done: t('licensing.cancel.done'),
      }}
    />
  );
}
