import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import sharp from 'sharp';
import { isPublicAddress } from '../../server/adapters/http/public-address';
import type { SafeFetchOptions } from '../../server/adapters/http/safe-fetch';

/** The name the test picture host answers to; the injected resolver sends it to loopback. */
export const PICTURE_HOST = 'pictures.test';

/**
 * A social provider's picture host, as far as a test can have one: https with a self-signed certificate
 * for `pictures.test`, on loopback. `/photo.png` is an 800x600 PNG, `/page.html` is not an image,
 * `/big` is larger than any avatar, `/slow` never answers, `/redirect?to=<url>` redirects there.
 * `fetchOptions` lets the safe fetch reach it (and nothing else on loopback): the resolver maps
 * `pictures.test` (and `*.pictures.test`) to 127.0.0.1, and DNS for other names is whatever the test says.
 */
export async function startPictureHost(extraNames: Record<string, string> = {}) {
  const pems = await generate([{ name: 'commonName', value: PICTURE_HOST }], {
    keyType: 'ec',
    algorithm: 'sha256',
  });
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0b7285' } })
    .png()
    .toBuffer();
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const url = new URL(request.url ?? '/', 'https://x');
    if (url.pathname === '/photo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (url.pathname === '/big') response.writeHead(200).end(Buffer.alloc(64 * 1024));
    else if (url.pathname === '/slow')
      response.writeHead(200, { 'content-type': 'image/png' }); // never ends
    else if (url.pathname === '/redirect')
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    else response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const names: Record<string, string> = { [PICTURE_HOST]: '127.0.0.1', ...extraNames };
  const fetchOptions: Pick<SafeFetchOptions, 'resolve' | 'isPermittedAddress' | 'ca'> = {
    resolve: async (hostname) => {
      const address = names[hostname.toLowerCase()];
      if (!address) throw Object.assign(new Error(`unknown test host ${hostname}`), { code: 'ENOTFOUND' });
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    },
    // The real rule, plus this one loopback server.
    isPermittedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
    ca: pems.cert,
  };
  return {
    origin: `https://${PICTURE_HOST}:${port}`,
    port,
    fetchOptions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
