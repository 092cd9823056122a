/**
 * Overlays (the abuse report, the auth overlays) open and close by events, so any part of the app (a
 * header button, a protected action, a link in an e-mail) can ask for one without knowing where it is
 * mounted. An open request may carry data for the overlay (which auth view, a reset code ...).
 */
export type AuthView = 'signIn' | 'signUp' | 'forgotPassword' | 'setPassword' | 'mergeAccounts';
export interface OverlayData {
  abuseReport: undefined;
  /** `code`: a reset link's code; `provider`: the social login to connect after a merge. */
  auth: { view: AuthView; code?: string; provider?: string };
  /** The account verification modal (SPEC 2.5). */
  verification: undefined;
}
export type OverlayName = keyof OverlayData;

interface OverlayEvent<N extends OverlayName = OverlayName> {
  name: N;
  open: boolean;
  data?: OverlayData[N];
}

const target = new EventTarget();
/** The last request per overlay, so one that mounts after the request (effects run child first) still opens. */
const latest = new Map<OverlayName, OverlayEvent>();

function dispatch(detail: OverlayEvent) {
  latest.set(detail.name, detail);
  target.dispatchEvent(new CustomEvent<OverlayEvent>('overlay', { detail }));
}

export function openOverlay<N extends OverlayName>(
  name: N,
  ...data: OverlayData[N] extends undefined ? [] : [OverlayData[N]]
) {
  dispatch({ name, open: true, data: data[0] });
}

export function closeOverlay(name: OverlayName): void {
  dispatch({ name, open: false });
}

/** Subscribes to one overlay's open/close requests; returns the unsubscribe function. */
export function onOverlay<N extends OverlayName>(
  name: N,
  handler: (open: boolean, data?: OverlayData[N]) => void,
) {
  const listener = (event: Event) => {
    const { detail } = event as CustomEvent<OverlayEvent<N>>;
    if (detail.name === name) handler(detail.open, detail.data);
  };
  target.addEventListener('overlay', listener);
  const pending = latest.get(name) as OverlayEvent<N> | undefined;
  if (pending?.open) handler(true, pending.data);
  return () => target.removeEventListener('overlay', listener);
}
