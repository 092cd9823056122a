import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The link above a detail page back to the list it came from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="dimmed">
      <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> {children}
    </Anchor>
  );
}
