import { Container, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useRouteNames } from '../lib/route-title';

/** A screen headed by its route name, with one centred notice (an icon, a few words, a way forward). */
export function NoticePage({
  icon: Icon,
  children,
}: {
  icon: ComponentType<{ size?: number }>;
  children: ReactNode;
}) {
  const [title] = useRouteNames();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="md" py="lg" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <Icon size={30} />
          </ThemeIcon>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
