import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_HOST, startPictureHost } from '../../../tests/support/picture-host';
import { isAllowedHost } from './host-allow-list';
import { isPublicAddress } from './public-address';
import { FetchRefusedError, type SafeFetchOptions, safeFetch } from './safe-fetch';

let host: Awaited<ReturnType<typeof startPictureHost>>;
let plain: http.Server;
let plainPort: number;
beforeAll(async () => {
  // internal.test stands for a name whose DNS answer is a private address.
  host = await startPictureHost({ 'internal.test': '192.168.1.10', 'metadata.test': '169.254.169.254' });
  plain = http.createServer((_request, response) => response.end('internal secret'));
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  plainPort = (plain.address() as AddressInfo).port;
});
afterAll(async () => {
  plain.close();
  await host.close();
});

const limits = { maxBytes: 16 * 1024, timeoutMs: 2_000 };
/** Through the test host, with the real address rules for every name but the test host's own. */
const viaTestHost = (url: string, extra: Partial<SafeFetchOptions> = {}) =>
  safeFetch(url, { allowedHosts: [PICTURE_HOST, '*.test'], ...limits, ...host.fetchOptions, ...extra });
const redirectTo = (target: string) => `${host.origin}/redirect?to=${encodeURIComponent(target)}`;

describe('safeFetch', () => {
  it('fetches an image from an allowed https host', async () => {
    const { body, contentType } = await viaTestHost(`${host.origin}/photo.png`);
    expect(contentType).toBe('image/png');
    expect((await sharp(body).metadata()).width).toBe(800);
  });

  it('follows a redirect to an allowed host', async () => {
    const { body } = await viaTestHost(redirectTo(`${host.origin}/photo.png`));
    expect((await sharp(body).metadata()).format).toBe('png');
  });

  it('refuses plain http, even to an allowed host', async () => {
    await expect(viaTestHost(`http://${PICTURE_HOST}:${plainPort}/`)).rejects.toThrow(/is not https/);
  });

  it('refuses a server on 127.0.0.1 with the real rules and the real resolver', async () => {
    const rules = { allowedHosts: ['localhost', '127.0.0.1'], ...limits, ca: host.fetchOptions.ca };
    await expect(safeFetch(`https://127.0.0.1:${host.port}/photo.png`, rules)).rejects.toThrow(
      /not a public address/,
    );
    await expect(safeFetch(`https://localhost:${host.port}/photo.png`, rules)).rejects.toThrow(
      /resolves to a non-public address/,
    );
    await expect(safeFetch(`http://127.0.0.1:${plainPort}/internal`, rules)).rejects.toThrow(
      FetchRefusedError,
    );
  });

  it('refuses a host that is not on the allow-list', async () => {
    await expect(
      viaTestHost(`${host.origin}/photo.png`, { allowedHosts: ['lh3.googleusercontent.com'] }),
    ).rejects.toThrow(/not an allowed host/);
  });

  it.each([
    ['a name that resolves to a private address', 'https://internal.test/secret'],
    ['a name that resolves to the cloud metadata address', 'https://metadata.test/latest/meta-data'],
    ['an IPv6 loopback literal', 'https://[::1]/'],
    ['an IPv4-mapped loopback literal', 'https://[::ffff:127.0.0.1]/'],
    ['plain http', `http://${PICTURE_HOST}/photo.png`],
    ['a host off the allow-list', 'https://example.com/'],
  ])('refuses a redirect to %s', async (_name, target) => {
    await expect(viaTestHost(redirectTo(target))).rejects.toThrow(FetchRefusedError);
  });

  it('refuses more redirects than allowed', async () => {
    const twice = redirectTo(redirectTo(`${host.origin}/photo.png`));
    await expect(viaTestHost(twice, { maxRedirects: 1 })).rejects.toThrow(/redirects/);
  });

  it('refuses a body above the size limit', async () => {
    await expect(viaTestHost(`${host.origin}/big`, { maxBytes: 1024 })).rejects.toThrow(/too large/);
  });

  it('gives up at the time limit', async () => {
    const started = Date.now();
    await expect(viaTestHost(`${host.origin}/slow`, { timeoutMs: 300 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '2001:4860:4860::8888'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('isAllowedHost', () => {
  const list = ['lh3.googleusercontent.com', '*.fbcdn.net'];
  it.each([
    ['lh3.googleusercontent.com', true],
    ['LH3.googleusercontent.com.', true],
    ['scontent.xx.fbcdn.net', true],
    ['fbcdn.net', false],
    ['evilfbcdn.net', false],
    ['lh3.googleusercontent.com.evil.example', false],
    ['', false],
  ])('%s -> %s', (hostname, expected) => {
    expect(isAllowedHost(hostname, list)).toBe(expected);
  });
});
