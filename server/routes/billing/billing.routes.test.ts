import { describe, expect, it } from 'vitest';
import { BILLING_ADDRESSES_MAX, type BillingAddressInput } from '../../../common/contracts/billing';
import { createBillingAddress } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';
import { billingValues } from '../../../tests/support/valid-bodies';

/** The caller's billing addresses (SPEC 3): the CRUD, the one default, the cap, and refused callers. */
const t = setUpTestApp();

const URL = '/api/me/billing-addresses';
let address = 0;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { origin: t.config.publicUrl, ...(cookie && { cookie }) },
    // A fresh client address each call keeps the tests clear of the write rate limit.
    remoteAddress: `10.60.${Math.floor(++address / 250)}.${address % 250}`,
  });

const valid: BillingAddressInput = billingValues;

let users = 0;
const newUser = () => signUp(t, { email: `billing${++users}@example.com` });

/** Adds an address, a second later than the previous one so that "newest" is unambiguous. */
async function create(cookie: string, change: Partial<BillingAddressInput> = {}) {
  t.clock.advance(1000);
  const response = await call('POST', URL, cookie, { ...valid, ...change });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string; isDefault: boolean };
}
const list = async (cookie: string) => {
  const response = await call('GET', URL, cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as { addresses: { id: string; name: string; isDefault: boolean }[] }).addresses;
};
/** The stored rows of a user, straight from the table, to prove a refusal changed nothing. */
const rows = (userId: string) =>
  t.db.selectFrom('billing_addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const defaults = async (userId: string) => (await rows(userId)).filter((row) => row.is_default);

describe('creating and listing', () => {
  it('makes the first address the default, lists the default first and then the newest', async () => {
    const user = await newUser();
    expect(await list(user.cookie)).toEqual([]);
    const first = await create(user.cookie, { name: 'First Address' });
    expect(first.isDefault).toBe(true);
    const second = await create(user.cookie, { name: 'Second Address' });
    const third = await create(user.cookie, { name: 'Third Address' });
    expect(second.isDefault).toBe(false);
    expect((await list(user.cookie)).map((row) => [row.id, row.isDefault])).toEqual([
      [first.id, true],
      [third.id, false],
      [second.id, false],
    ]);
  });

  it('stores the fields trimmed and the VAT number normalised, and answers them', async () => {
    const user = await newUser();
    const response = await call('POST', URL, user.cookie, {
      ...valid,
      name: '  Maria K  ',
      state: ' Lemesos ',
      vatNumber: ' cy-1000.0000 z ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      ...valid,
      name: 'Maria K',
      state: 'Lemesos',
      vatNumber: 'CY10000000Z',
      isDefault: true,
    });
  });

  it('keeps no VAT number when none is given, and the state is optional', async () => {
    const user = await newUser();
    const { state: _state, vatNumber: _vat, ...withoutOptional } = valid;
    const response = await call('POST', URL, user.cookie, withoutOptional);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ state: '', vatNumber: null });
  });

  it('moves the default to a new address sent with isDefault', async () => {
    const user = await newUser();
    const first = await create(user.cookie);
    const second = await create(user.cookie, { isDefault: true });
    expect(second.isDefault).toBe(true);
    expect((await list(user.cookie)).map((row) => [row.id, row.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });
});

describe('editing', () => {
  it('changes the fields and leaves the default where it is', async () => {
    const user = await newUser();
    const first = await create(user.cookie);
    const second = await create(user.cookie);
    const response = await call('PUT', `${URL}/${second.id}`, user.cookie, {
      ...valid,
      city: 'Nicosia',
      vatNumber: 'EL123456789',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: second.id, city: 'Nicosia', vatNumber: 'EL123456789' });
    expect((await defaults(user.id)).map((row) => row.id)).toEqual([first.id]);
  });

  it('moves the default with isDefault, and never clears it with isDefault false', async () => {
    const user = await newUser();
    const first = await create(user.cookie);
    const second = await create(user.cookie);
    const moved = await call('PUT', `${URL}/${second.id}`, user.cookie, { ...valid, isDefault: true });
    expect(moved.json().isDefault).toBe(true);
    const kept = await call('PUT', `${URL}/${second.id}`, user.cookie, { ...valid, isDefault: false });
    expect(kept.json().isDefault).toBe(true);
    expect((await defaults(user.id)).map((row) => row.id)).toEqual([second.id]);
    expect((await list(user.cookie)).map((row) => row.id)).toEqual([second.id, first.id]);
  });
});

describe('the default', () => {
  it('moves with "make default", and making the default the default again changes nothing', async () => {
    const user = await newUser();
    const first = await create(user.cookie);
    const second = await create(user.cookie);
    const response = await call('POST', `${URL}/${second.id}/default`, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: second.id, isDefault: true });
    expect((await call('POST', `${URL}/${second.id}/default`, user.cookie)).statusCode).toBe(200);
    expect((await list(user.cookie)).map((row) => [row.id, row.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('stays one when two "make default" calls run at once', async () => {
    const user = await newUser();
    const created = [await create(user.cookie), await create(user.cookie), await create(user.cookie)];
    for (let round = 0; round < 5; round++) {
      const [a, b] = round % 2 ? [created[1], created[2]] : [created[2], created[0]];
      const responses = await Promise.all([
        call('POST', `${URL}/${a?.id}/default`, user.cookie),
        call('POST', `${URL}/${b?.id}/default`, user.cookie),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      const now = await defaults(user.id);
      expect(now).toHaveLength(1);
      expect([a?.id, b?.id]).toContain(now[0]?.id);
    }
  });

  it('passes to the newest remaining address when the default is deleted', async () => {
    const user = await newUser();
    const first = await create(user.cookie);
    const second = await create(user.cookie);
    const third = await create(user.cookie);
    await call('POST', `${URL}/${second.id}/default`, user.cookie);
    expect((await call('DELETE', `${URL}/${second.id}`, user.cookie)).statusCode).toBe(204);
    expect((await list(user.cookie)).map((row) => [row.id, row.isDefault])).toEqual([
      [third.id, true],
      [first.id, false],
    ]);
  });

  it('stays put when another address is deleted, and nothing is left after the last', async () => {
    const user = await newUser();
    const first = await create(user.cookie);
    const second = await create(user.cookie);
    expect((await call('DELETE', `${URL}/${second.id}`, user.cookie)).statusCode).toBe(204);
    expect((await list(user.cookie)).map((row) => [row.id, row.isDefault])).toEqual([[first.id, true]]);
    expect((await call('DELETE', `${URL}/${first.id}`, user.cookie)).statusCode).toBe(204);
    expect(await list(user.cookie)).toEqual([]);
    expect((await call('DELETE', `${URL}/${first.id}`, user.cookie)).statusCode).toBe(404);
  });
});

describe(`the cap of ${BILLING_ADDRESSES_MAX}`, () => {
  /** Fills the table directly: the cap is about the count, not about how the rows came. */
  const fill = async (userId: string, count: number) => {
    for (let index = 0; index < count; index++) {
      await createBillingAddress(t.db, userId, { name: `Address ${index}`, is_default: index === 0 });
    }
  };

  it('refuses the address after the last allowed one with 409 and saves nothing', async () => {
    const user = await newUser();
    await fill(user.id, BILLING_ADDRESSES_MAX - 1);
    await create(user.cookie);
    const response = await call('POST', URL, user.cookie, valid);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'OPERATION_NOT_ALLOWED',
      params: { max: BILLING_ADDRESSES_MAX },
    });
    expect(await rows(user.id)).toHaveLength(BILLING_ADDRESSES_MAX);
  });

  it('lets only one of two simultaneous additions take the last place', async () => {
    const user = await newUser();
    await fill(user.id, BILLING_ADDRESSES_MAX - 1);
    const responses = await Promise.all([
      call('POST', URL, user.cookie, valid),
      call('POST', URL, user.cookie, valid),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await rows(user.id)).toHaveLength(BILLING_ADDRESSES_MAX);
  });
});

describe('invalid fields', () => {
  it.each([
    ['name', 'billing.errors.nameTooShort', { name: 'Al' }],
    ['name', 'billing.errors.tooLong', { name: 'x'.repeat(101) }],
    ['address', 'billing.errors.addressRequired', { address: ' ' }],
    ['address', 'billing.errors.tooLong', { address: 'x'.repeat(201) }],
    ['city', 'billing.errors.cityRequired', { city: '' }],
    ['state', 'billing.errors.tooLong', { state: 'x'.repeat(101) }],
    ['postalCode', 'billing.errors.postalCodeRequired', { postalCode: '' }],
    ['postalCode', 'billing.errors.postalCodeInvalid', { postalCode: '30#36' }],
    ['country', 'billing.errors.countryRequired', { country: '' }],
    ['country', 'billing.errors.countryRequired', { country: 'cy' }],
    ['country', 'billing.errors.countryRequired', { country: 'XX' }],
    ['contactEmail', 'billing.errors.emailInvalid', { contactEmail: 'maria@' }],
    ['contactPhone', 'billing.errors.phoneInvalid', { contactPhone: '99123456' }],
    ['contactPhone', 'billing.errors.phoneInvalid', { contactPhone: '+35700000000' }],
    ['contactPhone', 'billing.errors.phoneInvalid', { contactPhone: '+357 99 123456' }],
    ['vatNumber', 'billing.errors.vatInvalid', { vatNumber: 'ABCDEF' }],
    ['vatNumber', 'billing.errors.vatInvalid', { vatNumber: 'EL1234567890123456' }],
    ['vatNumber', 'billing.errors.vatInvalid', { vatNumber: 'EL 123/456' }],
  ])('refuses a bad %s with %s and saves nothing', async (field, message, change) => {
    const user = await newUser();
    const response = await call('POST', URL, user.cookie, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ field, message });
    expect(await rows(user.id)).toEqual([]);
  });

  it('refuses a bad field on an edit too and keeps the address as it was', async () => {
    const user = await newUser();
    const saved = await create(user.cookie);
    const before = await rows(user.id);
    const response = await call('PUT', `${URL}/${saved.id}`, user.cookie, { ...valid, city: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ field: 'city', message: 'billing.errors.cityRequired' });
    expect(await rows(user.id)).toEqual(before);
  });
});

describe('refused callers', () => {
  it('asks a visitor to sign in on every endpoint, and saves nothing', async () => {
    const owner = await newUser();
    const saved = await create(owner.cookie);
    const before = await rows(owner.id);
    const total = async () => (await t.db.selectFrom('billing_addresses').select('id').execute()).length;
    const count = await total();
    for (const [method, url, payload] of [
      ['GET', URL],
      ['POST', URL, valid],
      ['PUT', `${URL}/${saved.id}`, { ...valid, city: 'Paphos' }],
      ['DELETE', `${URL}/${saved.id}`],
      ['POST', `${URL}/${saved.id}/default`],
    ] as const) {
      const response = await call(method, url, undefined, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('NOT_AUTHENTICATED');
    }
    expect(await total()).toBe(count);
    expect(await rows(owner.id)).toEqual(before);
  });

  it("answers 404 for another user's address on edit, delete and default, and changes nothing", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    await create(owner.cookie);
    const target = await create(owner.cookie);
    const own = await create(stranger.cookie);
    const before = { owner: await rows(owner.id), stranger: await rows(stranger.id) };
    for (const [method, url, payload] of [
      ['PUT', `${URL}/${target.id}`, { ...valid, city: 'Paphos', isDefault: true }],
      ['DELETE', `${URL}/${target.id}`],
      ['POST', `${URL}/${target.id}/default`],
    ] as const) {
      const response = await call(method, url, stranger.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect(await rows(owner.id)).toEqual(before.owner);
    expect(await rows(stranger.id)).toEqual(before.stranger);
    expect((await list(stranger.cookie)).map((row) => row.id)).toEqual([own.id]);
  });

  it('guards an escaped path like the plain one: /%61pi/ is /api/ to the origin check and to sign-in', async () => {
    const user = await newUser();
    const escaped = '/%61pi/me/billing-addresses';
    const forged = await t.app.inject({
      method: 'POST',
      url: escaped,
      payload: valid,
      headers: { origin: 'https://evil.example', cookie: user.cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(await rows(user.id)).toEqual([]);
    const own = await call('POST', escaped, user.cookie, valid);
    expect(own.statusCode).toBe(201);
    expect(await rows(user.id)).toHaveLength(1);
  });

  it('answers 404 for an id that does not exist', async () => {
    const user = await newUser();
    for (const [method, url, payload] of [
      ['PUT', `${URL}/nope`, valid],
      ['DELETE', `${URL}/00000000-0000-0000-0000-000000000000`],
      ['POST', `${URL}/nope/default`],
    ] as const) {
      expect((await call(method, url, user.cookie, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
