import { describe, expect, it } from 'vitest';
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
