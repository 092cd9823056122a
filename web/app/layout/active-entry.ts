/**
 * The one menu entry that stands for the current page: the longest address that the page's address
 * equals or lies under. `/videos/upload` is "Upload", not also "Videos"; the home entry only matches
 * `/` itself. When two entries share an address (the drawer's Sell and Buy repeat Upload and Videos),
 * the caller marks only the first.
 */
export function activeAddress(pathname: string, addresses: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const to of addresses) {
    const matches = to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
    if (matches && (!best || to.length > best.length)) best = to;
  }
  return best;
}
