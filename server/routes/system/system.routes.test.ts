import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetNewestMigration } from '../../../tests/support/migrations';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { createTestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';

const t = setUpTestApp({
  CONTACT_EMAIL: 'help@example.org',
  MESSENGER_URL: 'https://m.example.org/us',
  UPLOAD_MAX_BYTES: '5000000',
});

describe('system routes', () => {
  it('answers /healthz when the database answers', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDatabaseKind() });
  });

  it('answers /readyz when the database has every migration and the file storage takes a write', async () => {
    const response = await t.app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    // The test app runs no job queue: not a failure, not a pass.
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', jobs: 'off' },
    });
  });

  it('answers /readyz with 503 and the failing check: a migration not yet run, storage that refuses a write', async () => {
    const putBack = await forgetNewestMigration(t.db);
    try {
      const response = await t.app.inject('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'unready',
        checks: { migrations: 'failing', storage: 'ok' },
      });
    } finally {
      await putBack();
    }
    // A file where the probe's folder should be: the write fails as on a full or read-only disk.
    const folder = path.join(t.config.storage.localDir, 'upkeep');
    await fs.rm(folder, { recursive: true, force: true });
    await fs.mkdir(t.config.storage.localDir, { recursive: true });
    await fs.writeFile(folder, 'not a folder');
    try {
      const response = await t.app.inject('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unready',
        checks: { database: 'ok', migrations: 'ok', storage: 'failing', jobs: 'off' },
      });
    } finally {
      await fs.rm(folder);
    }
  });

  it("answers /readyz with 503 while this instance's job queue is not running", async () => {
    let running = true;
    const instance = await createTestApp({}, { jobsRunning: () => running });
    try {
      expect((await instance.app.inject('/readyz')).json()).toMatchObject({
        status: 'ready',
        checks: { jobs: 'ok' },
      });
      running = false;
      const response = await instance.app.inject('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unready', checks: { jobs: 'failing' } });
      // Liveness is another question: the process answers and its database too.
      expect((await instance.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await instance.close();
    }
  });

  it('gives the web app its public settings', async () => {
    const response = await t.app.inject('/api/config');
    expect(response.json()).toEqual({
      contactEmail: 'help@example.org',
      messengerUrl: 'https://m.example.org/us',
      socialProviders: [],
      geocoderUrl: 'https://nominatim.openstreetmap.org',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      uploadMaxBytes: 5_000_000,
    });
  });

  it('lets the page load map tiles, call the geocoder, embed YouTube and frame our own files (the terms PDF), and nothing else', async () => {
    const response = await t.app.inject('/api/config');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("img-src 'self' data: blob: https://i.ytimg.com https://tile.openstreetmap.org");
    expect(policy).toContain("connect-src 'self' https://nominatim.openstreetmap.org");
    expect(policy).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect(policy).toContain("default-src 'self'");
  });

  it('follows a configured geocoder and tile server', async () => {
    const custom = await createTestApp({
      GEOCODER_URL: 'http://127.0.0.1:8089/',
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    });
    try {
      const response = await custom.app.inject('/api/config');
      expect(response.json()).toMatchObject({
        geocoderUrl: 'http://127.0.0.1:8089',
        mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain('https://*.tiles.example.org');
      expect(policy).toContain("connect-src 'self' http://127.0.0.1:8089");
    } finally {
      await custom.close();
    }
  });

  it('serves the OpenAPI document with the abuse route', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/abuse-reports');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
