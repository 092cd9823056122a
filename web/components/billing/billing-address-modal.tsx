import type { BillingAddress } from '../../../common/contracts/billing';
import type { SessionUser } from '../../../common/contracts/session';
import { useTranslation } from '../../lib/translation';
import { WideModal } from '../wide-modal';
import { BillingAddressForm } from './billing-address-form';

/**
 * What the form modal shows: a new address, or one to edit; `round` gives each opening a fresh form.
 * Whether the default can be chosen is fixed when it opens (no checkbox for the first address, which
 * becomes the default anyway, nor for the default itself), so nothing jumps while it closes.
 */
export interface BillingFormTarget {
  address: BillingAddress | null;
  canChooseDefault: boolean;
  round: number;
}

/** The add / edit form in a modal: at least 750 px wide, full screen below that (SPEC 2.2). */
export function BillingAddressModal({
  opened,
  target,
  user,
  onClose,
}: {
  opened: boolean;
  target: BillingFormTarget | null;
  user: SessionUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const address = target?.address ?? null;
  return (
    <WideModal
      opened={opened}
      onClose={onClose}
      title={t(address ? 'billing.editTitle' : 'billing.addTitle')}
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {target && (
        <BillingAddressForm
          key={target.round}
          address={address}
          user={user}
          canChooseDefault={target.canChooseDefault}
          onDone={onClose}
        />
      )}
    </WideModal>
  );
}
