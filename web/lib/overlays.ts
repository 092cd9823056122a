/**
 * Overlays (the abuse report now, the auth overlays later) open and close by events, so any part of
 * the app (a header button, a protected action) can ask for one without knowing where it is mounted.
 */
export type OverlayName = 'abuseReport';

const target = new EventTarget();

export function openOverlay(name: OverlayName): void {
  target.dispatchEvent(new CustomEvent('open', { detail: name }));
}

export function closeOverlay(name: OverlayName): void {
  target.dispatchEvent(new CustomEvent('close', { detail: name }));
}

/** Subscribes to one overlay's open/close requests; returns the unsubscribe function. */
export function onOverlay(name: OverlayName, handler: (open: boolean) => void): () => void {
  const listener = (event: Event) => {
    const custom = event as CustomEvent<OverlayName>;
    if (custom.detail === name) handler(custom.type === 'open');
  };
  target.addEventListener('open', listener);
  target.addEventListener('close', listener);
  return () => {
    target.removeEventListener('open', listener);
    target.removeEventListener('close', listener);
  };
}
