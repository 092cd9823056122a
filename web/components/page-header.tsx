import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The top of a list page: its one h1, a line on what the page is for, and the page's own controls (a
 * filter, a search box, a New button) on the right, or below on a phone.
 */
export function PageHeader({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <div>
        <Title order={1}>{title}</Title>
        {intro && (
          <Text c="dimmed" mt={4}>
            {intro}
          </Text>
        )}
      </div>
      {children}
    </Group>
  );
}
