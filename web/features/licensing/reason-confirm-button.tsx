import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSE_LIMITS } from '../../../common/contracts/licenses';
import { FormError } from '../../components/form-error';
import { showToast } from '../../lib/toast';

export interface ReasonConfirmTexts {
  button: string;
  title: string;
  body: string;
  reason: string;
  keep: string;
  confirm: string;
  done: string;
}

/**
 * A red action on a license request that cannot be undone (cancel, refund): a confirmation that says
 * what it does, a reason the buyer reads where one is needed (the server asks for it too), errors in
 * the person's language, and a toast once done.
 */
export function ReasonConfirmButton({
  action,
  icon,
  texts,
  needsReason,
}: {
  action: UseMutationResult<unknown, Error, string>;
  icon: ReactNode;
  texts: ReasonConfirmTexts;
  needsReason: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    action.reset();
  };
  const confirm = () => {
    if (needsReason && !reason.trim()) return setReasonError('licensing.errors.reasonRequired');
    // The promise, not mutate's callbacks: the refreshed request no longer offers the action, so this
    // button unmounts before mutate's onSuccess would run, and the person would get no word.
    action.mutateAsync(reason.trim()).then(
      () => {
        showToast('success', texts.done);
        setOpened(false);
      },
      () => undefined, // shown in the modal by FormError
    );
  };

  return (
    <>
      <Button color="red" variant="light" leftSection={icon} onClick={() => setOpened(true)}>
        {texts.button}
      </Button>
      <Modal opened={opened} onClose={close} title={<Text fw={700}>{texts.title}</Text>} centered>
        <Stack gap="md">
          <Text size="sm">{texts.body}</Text>
          {needsReason && (
            <Textarea
              label={texts.reason}
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
          <FormError error={action.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {texts.keep}
            </Button>
            <Button color="red" onClick={confirm} loading={action.isPending}>
              {texts.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
