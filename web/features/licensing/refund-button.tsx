import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSE_LIMITS } from '../../../common/contracts/licenses';
import { FormError } from '../../components/form-error';
import { showToast } from '../../lib/toast';
import { useRefundLicenseRequest } from './api';

/**
 * A licence manager's "Refund" of a completed sale, with a confirmation and the reason the buyer reads
 * (the server asks for it too). It cannot be undone, so the modal says what it takes back.
 */
export function RefundButton({ requestId, price }: { requestId: string; price: string }) {
  const { t } = useTranslation();
  const refund = useRefundLicenseRequest(requestId);
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    refund.reset();
  };
  const confirm = () => {
    if (!reason.trim()) return setReasonError('licensing.errors.reasonRequired');
    // The promise, not mutate's callbacks: the refreshed request no longer offers a refund, so this
    // button unmounts before mutate's onSuccess would run, and the manager would get no word.
    refund.mutateAsync(reason.trim()).then(
      () => {
        showToast('success', t('licensing.refund.done'));
        setOpened(false);
      },
      () => undefined, // shown in the modal by FormError
    );
  };

  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconReceiptRefund size={16} />}
        onClick={() => setOpened(true)}
      >
        {t('licensing.refund.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={<Text fw={700}>{t('licensing.refund.title')}</Text>}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('licensing.refund.body', { price })}</Text>
          <Textarea
            label={t('licensing.refund.reason')}
            required
            autosize
            minRows={3}
            maxLength={LICENSE_LIMITS.reasonMax}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError ? t(reasonError) : undefined}
            data-autofocus
          />
          <FormError error={refund.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('licensing.refund.keep')}
            </Button>
            <Button color="red" onClick={confirm} loading={refund.isPending}>
              {t('licensing.refund.confirm', { price })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
