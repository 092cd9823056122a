import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../tests/support/set-up-test-app';

const t = setUpTestApp();

describe("the router's own refusals", () => {
  it('answers a broken percent escape in the path in our error shape', async () => {
    const response = await t.app.inject({ url: '/api/videos/%zz/history' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers a path parameter longer than the router allows in our error shape', async () => {
    const response = await t.app.inject({ url: `/api/users/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('validation refusals', () => {
  it("answer every field's message as an i18n key, never the schema library's English", async () => {
    const response = await t.app.inject({ url: '/api/videos?limit=many&sort=sideways' });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(field.message, field.field).toMatch(/^[a-zA-Z]+(\.[\w-]+)+$/);
  });
});
