import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled part of a license request (its video, type, price, usage, billing address). */
export function LabeledField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
