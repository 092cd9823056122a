import { it } from 'vitest';
import { createTestApp } from '../tests/support/test-app';

it('list', async () => {
  const t = await createTestApp({
    OIDC_ISSUER_URL: 'https://id.example.com',
    OIDC_CLIENT_ID: 'x',
    OIDC_CLIENT_SECRET: 'y',
    GOOGLE_CLIENT_ID: 'g',
    GOOGLE_CLIENT_SECRET: 'h',
  });
  const rows = Object.entries(t.app.auth.api).map(
    ([name, ep]: [string, any]) => `${name} ${JSON.stringify(ep.options?.method)} ${ep.path}`,
  );
  console.log('EPS\n' + rows.join('\n'));
  await t.close();
});
