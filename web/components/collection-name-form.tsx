import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormError } from './form-error';

/**
 * A collection's name typed and sent (a new collection, a renamed one): trimmed, never empty (the button
 * waits for a name), kept when the server refuses it.
 */
export function CollectionNameForm({
  label,
  submitLabel,
  initial = '',
  save,
  pending,
  error,
  compact = false,
  children,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  /** Sends the name; `done` empties the box once it is saved. */
  save: (name: string, done: () => void) => void;
  pending: boolean;
  error: Error | null;
  /** In a small menu: one row, small controls. */
  compact?: boolean;
  /** More buttons beside the submit one (Keep). */
  children?: ReactNode;
}) {
  const [name, setName] = useState(initial);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save(name.trim(), () => setName(''));
  };
  const size = compact ? 'sm' : 'md';
  return (
    <form onSubmit={handleSubmit}>
      <Group gap={compact ? 'xs' : 'sm'} align="flex-end" wrap={compact ? 'nowrap' : 'wrap'}>
        <TextInput
          label={label}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={100}
          size={size}
          style={compact ? { flex: 1 } : undefined}
          w={compact ? undefined : { base: '100%', xs: 360 }}
          autoFocus={Boolean(initial)}
        />
        <Button type="submit" size={size} loading={pending} disabled={!name.trim()}>
          {submitLabel}
        </Button>
        {children}
      </Group>
      <FormError error={error} />
    </form>
  );
}
