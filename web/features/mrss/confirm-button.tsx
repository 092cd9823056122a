import { ActionIcon, Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../components/form-error';
import { useTranslation } from '../../lib/translation';

/** A button that asks first: the question, then "Confirm" runs `onConfirm` (its error shown in place). */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  pending,
  error,
  leftSection,
  iconOnly = false,
  ...buttonProps
}: {
  label: string;
  question: string;
  onConfirm: (done: () => void) => void;
  pending: boolean;
  error: unknown;
  leftSection?: ReactNode;
  /** Just the icon (with the label for screen readers), where the row has little room. */
  iconOnly?: boolean;
} & Omit<ButtonProps, 'children'>) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      {iconOnly ? (
        <ActionIcon
          variant="subtle"
          size="lg"
          color={buttonProps.color}
          aria-label={label}
          title={label}
          onClick={() => setOpened(true)}
        >
          {leftSection}
        </ActionIcon>
      ) : (
        <Button
          size="xs"
          variant="light"
          leftSection={leftSection}
          {...buttonProps}
          onClick={() => setOpened(true)}
        >
          {label}
        </Button>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title={<Text fw={700}>{label}</Text>} centered>
        <Stack gap="md">
          <Text size="sm">{question}</Text>
          {error ? <FormError error={error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('mrss.cancel')}
            </Button>
            <Button
              color={buttonProps.color ?? 'red'}
              loading={pending}
              onClick={() => onConfirm(() => setOpened(false))}
              data-autofocus
            >
              {t('mrss.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
