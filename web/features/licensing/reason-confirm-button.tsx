import { Button } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LICENSE_LIMITS } from '../../../common/contracts/licenses';
import { ReasonDialog } from '../../components/reason-dialog';
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
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    action.reset();
  };
  // The promise, not mutate's callbacks: the refreshed request no longer offers the action, so this
  // button unmounts before mutate's onSuccess would run, and the person would get no word.
  const confirm = (reason: string) =>
    action.mutateAsync(reason).then(
      () => {
        showToast('success', texts.done);
        setOpened(false);
      },
      () => undefined, // shown in the dialog
    );

  return (
    <>
      <Button color="red" variant="light" leftSection={icon} onClick={() => setOpened(true)}>
        {texts.button}
      </Button>
      <ReasonDialog
        opened={opened}
        onClose={close}
        title={texts.title}
        body={texts.body}
        {...(needsReason && {
          reason: {
            label: texts.reason,
            maxLength: LICENSE_LIMITS.reasonMax,
            requiredError: 'licensing.errors.reasonRequired',
          },
        })}
        keepLabel={texts.keep}
        confirmLabel={texts.confirm}
        pending={action.isPending}
        error={action.error}
        onConfirm={confirm}
      />
    </>
  );
}
