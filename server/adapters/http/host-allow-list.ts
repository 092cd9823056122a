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

/** Whether a URL is https on an allowed host: the only kind of picture URL the server will ever fetch. */
export function isAllowedHttpsUrl(raw: string, allowList: readonly string[]): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  return (
    url.protocol === 'https:' && !url.username && !url.password && isAllowedHost(url.hostname, allowList)
  );
}
