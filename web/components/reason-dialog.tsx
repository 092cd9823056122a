import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api';
import { useTranslation } from '../lib/translation';
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
  /**
   * A reason of a list to pick first (a decline's): the words then add to it, and are required only when
   * `wordsFor` is picked.
   */
  choices?: {
    label: string;
    options: { value: string; label: string }[];
    wordsFor: string;
    /** The i18n key said when none is picked. */
    requiredError: string;
  };
  keepLabel: string;
  confirmLabel: string;
  pending: boolean;
  /** The last attempt's failure: the server's word on the reason shows under it, anything else below. */
  error: Error | null;
  /** Sends the trimmed reason, and the reason picked of the list when there is one. */
  onConfirm: (reason: string, choice?: string) => void;
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
  const [choice, setChoice] = useState<string | null>(null);
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const { error, reason: field, choices } = props;
  // With a list, the words are required only for the choice that needs them.
  const wordsRequired = Boolean(field?.requiredError) && (!choices || choice === choices.wordsFor);
  const serverError = error instanceof ApiError ? error.fields.find((f) => f.field === 'reason') : undefined;
  const reasonError = emptyError ?? serverError?.message;

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={<Text fw={700}>{props.title}</Text>} centered>
      {/* Our own message for an empty reason, in the reader's language, not the browser's bubble. */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (choices && !choice) return setChoiceError(choices.requiredError);
          if (wordsRequired && field?.requiredError && !reason.trim())
            return setEmptyError(field.requiredError);
          props.onConfirm(reason.trim(), choice ?? undefined);
        }}
      >
        <Stack gap="md">
          {props.body && <Text size="sm">{props.body}</Text>}
          {choices && (
            <Radio.Group
              label={choices.label}
              value={choice}
              onChange={(value) => {
                setChoice(value);
                setChoiceError(null);
                setEmptyError(null);
              }}
              error={choiceError ? t(choiceError) : undefined}
              required
            >
              <Stack gap={6} mt={6}>
                {choices.options.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
              </Stack>
            </Radio.Group>
          )}
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
              required={wordsRequired}
              autosize
              minRows={3}
              data-autofocus={!choices}
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
