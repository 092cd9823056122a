import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { TV_HOST } from '../../../tests/support/tv';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-tv-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<title>main app</title>');
  await fs.writeFile(path.join(webDir, 'tv.html'), '<title>tv page</title>');
  t = await createTestApp(
    {
      TV_HOSTNAMES: `${TV_HOST}, tv2.example.test`,
      TV_ADVERTISING_URL: 'https://ads.example.com/corner',
    },
    { webDir },
  );
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const get = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });

describe('on a TV hostname', () => {
  it('serves the TV page for every page address, never the main app', async () => {
    for (const url of ['/', '/videos', '/settings/profile?x=1']) {
      const page = await get(url, TV_HOST);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('tv page');
    }
    expect((await get('/index.html', TV_HOST)).statusCode).toBe(404);
  });

  it('matches the hostname without its port and whatever its case', async () => {
    const page = await get('/', 'TV.Example.TEST:8443');
    expect(page.body).toContain('tv page');
    expect((await get('/api/tv/config', 'Tv2.example.test:80')).statusCode).toBe(200);
  });

  it("answers the TV page's API, the captcha and the health check", async () => {
    const config = await get('/api/tv/config', TV_HOST);
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      advertisingUrl: 'https://ads.example.com/corner',
      channelUrl: null,
    });
    expect((await get('/api/captcha', TV_HOST)).statusCode).toBe(200);
    expect((await get('/healthz', TV_HOST)).statusCode).toBe(200);
  });

  it("refuses the main app's API with 404: accounts, videos, files, docs", async () => {
    for (const url of [
      '/api/session',
      '/api/videos',
      '/api/config',
      '/api/auth/get-session',
      '/api/docs',
      '/files/x.jpg',
    ]) {
      const response = await get(url, TV_HOST);
      expect(response.statusCode, url).toBe(404);
    }
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { host: TV_HOST },
      payload: { email: 'someone@example.com', password: 'secret-password', name: 'Someone' },
    });
    expect(signUp.statusCode).toBe(404);
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'someone@example.com').execute(),
    ).toEqual([]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { host: TV_HOST } });
    expect(upload.statusCode).toBe(404);
  });
});

describe('on the main hostname', () => {
  it('serves the main app, and the TV API does not exist', async () => {
    const page = await get('/', 'localhost');
    expect(page.body).toContain('main app');
    expect((await get('/tv.html', 'localhost')).statusCode).toBe(404);
    expect((await get('/api/tv/config', 'localhost')).statusCode).toBe(404);
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/tv/submissions',
      headers: { host: 'localhost' },
      payload: { captcha: await t.solveCaptcha() },
    });
    expect(open.statusCode).toBe(404);
    const tus = await t.app.inject({
      method: 'POST',
      url: '/api/tv/uploads',
      headers: { host: 'localhost' },
    });
    expect(tus.statusCode).toBe(404);
    expect((await get('/api/session', 'localhost')).statusCode).toBe(200);
  });

  it('judges the decoded path, not the raw URL: an escaped /api/%74v/ is the TV API too', async () => {
    const escaped = await t.app.inject({
      method: 'POST',
      url: '/api/%74v/submissions',
      headers: { host: 'localhost' },
      payload: { captcha: await t.solveCaptcha() },
    });
    expect(escaped.statusCode).toBe(404);
    expect(await t.db.selectFrom('tv_submissions').select('id').execute()).toEqual([]);
    expect((await get('/%61pi/%74v/config', 'localhost')).statusCode).toBe(404);
    expect((await get('/api/%76ideos', TV_HOST)).statusCode).toBe(404);
  });

  it('has no TV page at all when no TV hostname is configured', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/api/tv/config',
        headers: { host: TV_HOST },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
