import { Button, Group } from '@mantine/core';

/**
 * A form's last row: Cancel, which changes nothing, and the submit button, busy while the request runs
 * so a second press sends nothing twice.
 */
export function FormButtons({
  cancelLabel,
  onCancel,
  submitLabel,
  pending,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
