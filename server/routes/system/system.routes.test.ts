import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'help@example.org', MESSENGER_URL: 'https://m.example.org/us' });
});
afterAll(() => t.close());

describe('system routes', () => {
  it('answers /healthz when the database answers', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDatabaseKind });
  });

  it('gives the web app its public settings', async () => {
    const response = await t.app.inject('/api/config');
    expect(response.json()).toEqual({
      contactEmail: 'help@example.org',
      messengerUrl: 'https://m.example.org/us',
      socialProviders: [],
    });
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
