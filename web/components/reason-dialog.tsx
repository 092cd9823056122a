import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { FormError } from './form-error';

export interface ReasonDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What confirming does, when the title alone does not say it. */
  body?: string;
  /** The reason asked for; absent, the dialog only confirms (a buyer cancels without one). */
  reason?: {
    label: string;
    description?: string;
    maxLength: number;
    /** The i18n key said when the reason is left empty; absent, the reason may be left out. */
    requiredError?: string;
  };
  keepLabel: string;
  confirmLabel: string;
  pending: boolean;
  /** The last attempt's failure: the server's word on the reason shows under it, anything else below. */
  error: Error | null;
  /** Sends the trimmed reason. */
  onConfirm: (reason: string) => void;
}

/**
 * A decision that cannot be undone and tells someone why (decline a video, reject a suggestion or a
 * withdrawal, cancel or refund a license, disable an account): what it does, the reason the other person
 * reads, the failure in the reader's language, and Keep / Confirm. The reason typed stays if the dialog
 * is closed and opened again.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const { error, reason: field } = props;
  const serverError = error instanceof ApiError ? error.fields.find((f) => f.field === 'reason') : undefined;
  const reasonError = emptyError ?? serverError?.message;

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={<Text fw={700}>{props.title}</Text>} centered>
      {/* Our own message for an empty reason, in the reader's language, not the browser's bubble. */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (field?.requiredError && !reason.trim()) return setEmptyError(field.requiredError);
          props.onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          {props.body && <Text size="sm">{props.body}</Text>}
          {field && (
            <Textarea
              label={field.label}
              description={field.description}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setEmptyError(null);
              }}
              error={reasonError ? t(reasonError) : undefined}
              maxLength={field.maxLength}
              required={Boolean(field.requiredError)}
              autosize
              minRows={3}
              data-autofocus
            />
          )}
          {!serverError && <FormError error={error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {props.keepLabel}
            </Button>
            <Button type="submit" color="red" loading={props.pending}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
