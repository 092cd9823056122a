import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BillingAddress } from '../../../common/contracts/billing';
import { useDeleteBillingAddress } from '../../components/billing/billing-api';
import { BillingErrorAlert } from '../../components/billing/billing-error-alert';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';

/**
 * Asks before deleting an address. "Cancel" has the focus, so Enter right after opening deletes nothing.
 * `address` stays set while the dialog closes, so its text does not vanish mid-animation.
 */
export function BillingDeleteDialog({
  opened,
  address,
  onClose,
}: {
  opened: boolean;
  address: BillingAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteBillingAddress();
  const handleClose = () => {
    remove.reset();
    onClose();
  };
  const handleDelete = () => {
    if (!address) return;
    remove.mutate(address.id, {
      onSuccess: () => {
        showToast('success', t('billing.deleted'));
        handleClose();
      },
    });
  };
  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={
        <Text component="span" fw={700} size="lg">
          {t('billing.deleteTitle')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      <Stack gap="md">
        <Text>{t('billing.deleteBody', { name: address?.name ?? '' })}</Text>
        {address?.isDefault && (
          <Text size="sm" c="dimmed">
            {t('billing.deleteDefaultNote')}
          </Text>
        )}
        <BillingErrorAlert error={remove.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={handleClose} data-autofocus>
            {t('billing.cancel')}
          </Button>
          <Button color="red" onClick={handleDelete} loading={remove.isPending}>
            {t('billing.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
