import { Card, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * A bordered panel whose heading names it for screen readers (a region "Publishing", "Waiting for
 * you"). `compact` is the back office's denser panel; the default is the card beside a video.
 */
export function TitledSection({
  title,
  compact = false,
  gap = 'sm',
  children,
}: {
  title: ReactNode;
  compact?: boolean;
  gap?: string | number;
  children: ReactNode;
}) {
  const id = useId();
  const body = (
    <Stack gap={gap}>
      <Title order={2} id={id} {...(compact ? { size: 'h4' } : { fz: 'h5' })}>
        {title}
      </Title>
      {children}
    </Stack>
  );
  return compact ? (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      {body}
    </Paper>
  ) : (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      {body}
    </Card>
  );
}
