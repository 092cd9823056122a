import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';

/**
 * Signed files behind nginx on local storage (FILES_PROXY_LOCATION): the app checks the signature and
 * nginx sends the bytes and ranges (X-Accel-Redirect), through the guide's own location
 * (deploy/nginx-local-files.conf) and Debian's nginx.
 */
const LOCATION = '/internal-files/';
const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const t = setUpTestApp({ FILES_PROXY_LOCATION: LOCATION });
let work: string;
let nginx: ChildProcess;
let base: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  await t.storage.put('videos/v1.mp4', VIDEO, 'video/mp4');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const appPort = (t.app.server.address() as net.AddressInfo).port;
  const port = await freePort();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'files-nginx-'));
  const files = `${path.resolve(t.config.storage.localDir)}/`;
  const location = (await fs.readFile('deploy/nginx-local-files.conf', 'utf8')).replaceAll(
    /\$\{FILES_DIR\}/g,
    files,
  );
  const conf = path.join(work, 'nginx.conf');
  await fs.writeFile(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      // As root, the workers would run as nobody, who may not enter the test's private folders.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${work}/nginx.pid;`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fcgi;`,
      `  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;`,
      `  server { listen 127.0.0.1:${port}; location / { proxy_pass http://127.0.0.1:${appPort}; }`,
      location,
      '  }',
      '}',
    ].join('\n'),
  );
  execFileSync('nginx', ['-t', '-q', '-p', work, '-c', conf, '-e', `${work}/error.log`]);
  nginx = spawn('nginx', ['-p', work, '-c', conf, '-e', `${work}/error.log`], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}`;
  for (
    let tries = 0;
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 100)
      throw new Error(`nginx did not start: ${await fs.readFile(`${work}/error.log`, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await fs.rm(work, { recursive: true, force: true });
});

const signed = async (filePath: string, downloadName?: string) => {
  const url = new URL(await t.storage.signedUrl(filePath, { expiresInSeconds: 600, downloadName }));
  return `${base}${url.pathname}${url.search}`;
};

describe('GET /api/files/* behind nginx', () => {
  it("lets nginx send the whole file with the app's type and cache, and the promises of the location", async () => {
    const response = await fetch(await signed('videos/v1.mp4'));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(VIDEO);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=(599|600)$/);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-accel-redirect')).toBeNull();
    // nginx's static module sent it (its ETag is the file's time and size, 1000 = 0x3e8), not the app.
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-3e8"$/);
  });

  it('serves a byte range as 206, and a download under its name', async () => {
    const ranged = await fetch(await signed('videos/v1.mp4'), { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(VIDEO.subarray(100, 200));
    const download = await fetch(await signed('videos/v1.mp4', 'Harbour at dawn.mp4'));
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(download.headers.get('content-disposition')).toContain('Harbour at dawn.mp4');
  });

  it('refuses a forged or expired signature without a byte, and the internal location from outside', async () => {
    const forged = new URL(await signed('videos/v1.mp4'));
    forged.searchParams.set('signature', 'x'.repeat(43));
    const refused = await fetch(forged);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain(VIDEO.subarray(0, 20).toString('latin1'));
    const expired = new URL(await signed('videos/v1.mp4'));
    expired.searchParams.set('expires', '1000');
    expect((await fetch(expired)).status).toBe(403);
    expect((await fetch(`${base}${LOCATION}videos/v1.mp4`)).status).toBe(404);
    expect((await fetch(await signed('videos/missing.mp4'))).status).toBe(404);
  });
});
