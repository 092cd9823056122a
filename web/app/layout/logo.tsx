import { Group, Text } from '@mantine/core';
import { APP_NAME } from '../../../common/constants';

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-teal-8)" />
        <path d="M24 18v28l24-14z" fill="#fff" />
      </svg>
      <Text fw={800} fz="lg" c="dark.7" visibleFrom="xs" style={{ letterSpacing: '-0.02em' }}>
        {APP_NAME}
      </Text>
    </Group>
  );
}
