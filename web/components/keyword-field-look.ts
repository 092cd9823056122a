import type { MantineSize } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { createElement } from 'react';

/**
 * What the keyword field looks like, shared by its resting form (keyword-picker.tsx) and the one with
 * suggestions that replaces it (keyword-tags-input.tsx), so the swap does not move a pixel.
 */
export const keywordFieldLook = (size: MantineSize, placeholder: string | undefined) => ({
  // minWidth 0: a chosen keyword must not push the button off a phone screen (or move it mid-click)
  style: { flex: 1, minWidth: 0 },
  size,
  radius: 'md' as const,
  placeholder,
  leftSection: createElement(IconSearch, { size: 18, 'aria-hidden': true }),
});
