import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is an ordinary public one, safe for the server to connect to on a stranger's
 * behalf. ipaddr.js names every special range (loopback, private, link-local, unique-local, carrier-grade
 * NAT, multicast, documentation, 6to4, Teredo, NAT64 ...); only plain global unicast passes. An IPv4 address
 * written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // unwraps IPv4-mapped IPv6
  return parsed.range() === 'unicast';
}
