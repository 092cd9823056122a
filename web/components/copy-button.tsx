import { Button, CopyButton as MantineCopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** Copies a link or a URL, and says so on the button for a moment (read out by screen readers too). */
export function CopyTextButton({
  value,
  label,
  copiedLabel,
}: {
  value: string;
  label: string;
  copiedLabel: string;
}) {
  return (
    <MantineCopyButton value={value} timeout={2500}>
      {({ copied, copy }) => (
        <Button
          onClick={copy}
          color={copied ? 'green' : undefined}
          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          aria-live="polite"
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </MantineCopyButton>
  );
}
