import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import sharp from 'sharp';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, for journeys through social
 * sign-in. Its development login page accepts any login name; the account's e-mail is `<login>` when it
 * contains an @, else `<login>@example.com`, and is reported as verified; its picture is a real PNG.
 */
export async function startOidcServer(options: { port: number; redirectUri: string }) {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'clipmarket-test',
        client_secret: 'clipmarket-test-secret',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    async findAccount(_ctx, sub) {
      const email = sub.includes('@') ? sub : `${sub}@example.com`;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email,
          email_verified: true,
          name: `Social ${sub.split('@')[0]}`,
          picture: `${issuer}/pictures/${encodeURIComponent(sub)}.png`,
        }),
      };
    },
    cookies: { keys: ['test-only-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  // Profile pictures, as a provider's image service would serve them.
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c2255c' } })
    .png()
    .toBuffer();
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/pictures/')) return next();
    ctx.type = 'image/png';
    ctx.body = picture;
  });
  const server = provider.listen(options.port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    issuer,
    port: (server.address() as AddressInfo).port,
    clientId: 'clipmarket-test',
    clientSecret: 'clipmarket-test-secret',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
