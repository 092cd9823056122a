import { type ComponentType, useEffect, useState } from 'react';
import { LazyWhen } from '../components/lazy-when';
import { type OverlayName, onOverlay } from '../lib/overlays';

/**
 * An overlay whose code loads the first time someone opens it, so its forms and contracts stay out of
 * the first page. Once loaded it subscribes itself, and `onOverlay` hands it the request that opened it.
 */
export function LazyOverlay({ name, load }: { name: OverlayName; load: () => Promise<ComponentType> }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onOverlay(name, (open) => open && setWanted(true)), [name]);
  return <LazyWhen when={wanted} load={load} />;
}
