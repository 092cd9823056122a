import { Text, Title } from '@mantine/core';

export function AuthHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Title order={2} fz={28}>
        {title}
      </Title>
      <Text c="dimmed" mt={6}>
        {intro}
      </Text>
    </div>
  );
}
