import dns from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { isAllowedHost } from './host-allow-list';
import { isPublicAddress } from './public-address';

/** A fetch that the rules refused (not https, host not allowed, a non-public address, too large ...). */
export class FetchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  /** The hosts a URL (the first and every redirect) may name: exact names and "*.domain" wildcards. */
  allowedHosts: readonly string[];
  maxBytes: number;
  /** For the whole fetch, every redirect and the body included. */
  timeoutMs: number;
  maxRedirects?: number;
  /** Name -> addresses; the system resolver unless a test stands in for DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Which resolved addresses may be connected to; public ones only unless a test serves from loopback. */
  isPermittedAddress?: (address: string) => boolean;
  /** Extra trusted certificates (a test's self-signed one); the system's otherwise. */
  ca?: string;
}

const systemResolve = (hostname: string) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * GETs a URL from a stranger-influenced source (a social provider's picture) without letting it reach
 * inside our network: https only, the host on the allow-list, every address checked after DNS resolution
 * at connect time (so a name cannot resolve to a public address for the check and a private one for the
 * connection), redirects followed by hand and checked the same way, and the body cut off at maxBytes.
 */
export async function safeFetch(
  url: string,
  options: SafeFetchOptions,
): Promise<{ body: Buffer; contentType: string | null }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 3;
  let current = checkedUrl(url, options);
  for (let hop = 0; ; hop++) {
    const response = await get(current, options, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.destroy();
      if (hop >= maxRedirects) throw new FetchRefusedError(`more than ${maxRedirects} redirects`);
      const location = response.headers.location;
      if (!URL.canParse(location, current)) throw new FetchRefusedError('a redirect to no URL');
      current = checkedUrl(new URL(location, current).href, options);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new Error(`fetch failed: HTTP ${status}`);
    }
    return {
      body: await readLimited(response, options.maxBytes),
      contentType: response.headers['content-type'] ?? null,
    };
  }
}

function checkedUrl(raw: string, options: SafeFetchOptions): URL {
  if (!URL.canParse(raw)) throw new FetchRefusedError('not a URL');
  const url = new URL(raw);
  if (url.protocol !== 'https:') throw new FetchRefusedError(`${url.protocol} is not https`);
  if (url.username || url.password) throw new FetchRefusedError('credentials in the URL');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // An address literal skips DNS, and so the connect-time check below: judge it here.
  if (net.isIP(hostname) && !permitted(hostname, options))
    throw new FetchRefusedError(`${hostname} is not a public address`);
  if (!isAllowedHost(hostname, options.allowedHosts))
    throw new FetchRefusedError(`${hostname} is not an allowed host`);
  return url;
}

function permitted(address: string, options: SafeFetchOptions): boolean {
  return (options.isPermittedAddress ?? isPublicAddress)(address);
}

/** Node's lookup hook: the addresses the socket will really use are checked, all of them. */
function checkedLookup(options: SafeFetchOptions): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => !permitted(entry.address, options));
        if (addresses.length === 0 || refused) {
          const error = new FetchRefusedError(`${hostname} resolves to a non-public address`);
          callback(Object.assign(error, { code: 'EREFUSED' }), '', 0);
        } else if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function get(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, {
      lookup: checkedLookup(options),
      ca: options.ca,
      signal,
      agent: false, // a fresh connection: never one pooled for another host's check
      headers: { accept: 'image/*' },
    });
    request.on('response', resolve);
    request.on('error', reject);
  });
}

/** Reads at most maxBytes of a body, or fails (and stops reading). */
async function readLimited(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    response.destroy();
    throw new FetchRefusedError(`body too large (${declared} bytes)`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      response.destroy();
      throw new FetchRefusedError('body too large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
