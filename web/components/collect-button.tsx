import { Suspense } from 'react';
import type { CollectButtonProps } from './collect-popover';
import { lazyWithAllTexts } from './lazy-when';

// Only a signed-in member has collections: a visitor's first page carries none of this code.
const CollectPopover = lazyWithAllTexts(() =>
  import('./collect-popover').then((module) => module.CollectPopover),
);

/** "Save to collection" on a video (issue 34); render it for a signed-in member only. */
export function CollectButton(props: CollectButtonProps) {
  return (
    <Suspense fallback={null}>
      <CollectPopover {...props} />
    </Suspense>
  );
}
