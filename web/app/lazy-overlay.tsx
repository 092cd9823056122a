import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { withAllTexts } from '../lib/i18n';
import { type OverlayName, onOverlay } from '../lib/overlays';

/**
 * An overlay whose code loads the first time someone opens it, so its forms and contracts stay out of
 * the first page. Once loaded it subscribes itself, and `onOverlay` hands it the request that opened it.
 */
export function LazyOverlay({ name, load }: { name: OverlayName; load: () => Promise<ComponentType> }) {
  const [wanted, setWanted] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one component per overlay, made once
  const Overlay = useMemo(() => lazy(async () => ({ default: await withAllTexts(load()) })), [name]);
  useEffect(() => onOverlay(name, (open) => open && setWanted(true)), [name]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Overlay />
    </Suspense>
  );
}
