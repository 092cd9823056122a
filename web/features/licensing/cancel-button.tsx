import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSE_LIMITS } from '../../../common/contracts/licenses';
import { FormError } from '../../components/form-error';
import { showToast } from '../../lib/toast';
import { useCancelLicenseRequest } from './api';

/** "Cancel" with a confirmation; a manager must give the buyer a reason (the server asks the same). */
export function CancelButton({ requestId, needsReason }: { requestId: string; needsReason: boolean }) {
  const { t } = useTranslation();
  const cancel = useCancelLicenseRequest(requestId);
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    cancel.reset();
  };
  const confirm = () => {
    if (needsReason && !reason.trim()) return setReasonError('licensing.errors.reasonRequired');
    // The promise, not mutate's callbacks: the refreshed request no longer offers a cancel, so this
    // button unmounts before mutate's onSuccess would run, and the person would get no word.
    cancel.mutateAsync(reason.trim()).then(
      () => {
        showToast('success', t('licensing.cancel.done'));
        setOpened(false);
      },
      () => undefined, // shown in the modal by FormError
    );
  };

  return (
    <>
      <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setOpened(true)}>
        {t('licensing.cancel.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={<Text fw={700}>{t('licensing.cancel.title')}</Text>}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t(needsReason ? 'licensing.cancel.bodyManager' : 'licensing.cancel.body')}</Text>
          {needsReason && (
            <Textarea
              label={t('licensing.cancel.reason')}
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
          )}
          <FormError error={cancel.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('licensing.cancel.keep')}
            </Button>
            <Button color="red" onClick={confirm} loading={cancel.isPending}>
              {t('licensing.cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
