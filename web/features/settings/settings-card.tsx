import { Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/** One section of a settings page: a heading, a line of explanation, and its content (a form when it submits). */
export function SettingsCard({
  title,
  intro,
  onSubmit,
  width = 420,
  children,
}: {
  title: string;
  intro: string;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  width?: number;
  children: ReactNode;
}) {
  const body = (
    <Stack gap="sm" maw={width}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      {children}
    </Stack>
  );
  return (
    <Paper withBorder radius="lg" p="lg">
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
}
