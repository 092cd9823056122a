/**
 * Whether a hostname is on an allow-list of exact names ("lh3.googleusercontent.com") and wildcards
 * ("*.fbcdn.net": any name below fbcdn.net, not fbcdn.net itself). Compared without case or a final dot.
 */
export function isAllowedHost(hostname: string, allowList: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '') return false;
  return allowList.some((entry) => {
    const pattern = entry.toLowerCase().replace(/\.$/, '');
    if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
    return host === pattern;
  });
}
