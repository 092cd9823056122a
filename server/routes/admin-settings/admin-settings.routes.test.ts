import { beforeAll, describe, expect, it } from 'vitest';
import {
  createNonAdminCallers,
  createUser,
  createVideo,
  type TestUser,
} from '../../../tests/support/factories';
import { licenseRequestBody, licenseTypeId } from '../../../tests/support/licensing';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { appSettingsValues, licenseTypeValues } from '../../../tests/support/valid-bodies';

/**
 * App settings (SPEC 2.1 /admin/settings): the platform settings and the license types. Admins only;
 * every change writes its audit row in the same transaction; a change applies to new license requests
 * only (a quoted or paid one keeps its price, currency and shares).
 */
let verified: TestUser;
let manager: TestUser;
let admin: TestUser;
let creator: TestUser;
let video: string;
let refused: [string, TestUser | null][];

const t = setUpTestApp();
beforeAll(async () => {
  ({ verified, manager, refused } = await createNonAdminCallers(t));
  admin = await createUser(t, { verified: true, rights: ['admin'] });
  creator = await createUser(t, { verified: true });
  video = await createVideo(t.db, creator.id, { status: 'ready' });
}, 120_000);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser | null, payload?: object) =>
  t.send(method, url, { cookie: who?.cookie, payload });

const settingsRows = () => t.db.selectFrom('app_settings').select(['key', 'value']).orderBy('key').execute();
const typeRows = () => t.db.selectFrom('license_types').selectAll().orderBy('id').execute();
const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('created_at').execute();

describe('who may read and change the settings', () => {
  it('answers 401 to a visitor and 403 to members and staff without the admin right, changing nothing', async () => {
    const typeId = await licenseTypeId(t.db, 'editorial_web');
    const [settingsBefore, typesBefore] = [await settingsRows(), await typeRows()];
    for (const [who, caller] of refused) {
      const expected = caller ? 403 : 401;
      const answers = [
        await call('GET', '/api/admin/settings', caller),
        await call('PUT', '/api/admin/settings', caller, appSettingsValues),
        await call('GET', '/api/admin/license-types', caller),
        await call('POST', '/api/admin/license-types', caller, licenseTypeValues),
        await call('PUT', `/api/admin/license-types/${typeId}`, caller, licenseTypeValues),
      ];
      for (const answer of answers) expect(answer.statusCode, `${who}: ${answer.body}`).toBe(expected);
    }
    expect(await settingsRows()).toEqual(settingsBefore);
    expect(await typeRows()).toEqual(typesBefore);
    expect(await t.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
  });
});

describe('platform settings', () => {
  it('reads the seeded defaults, saves a change as cents and records before and after', async () => {
    const before = await call('GET', '/api/admin/settings', admin);
    expect(before.json()).toEqual({
      creatorSharePercent: 50,
      referralBonusPercent: 10,
      withdrawalMinimumCents: 5000,
      withdrawalDelayDays: 30,
      refundWindowDays: 14,
      currency: 'EUR',
    });
    const saved = await call('PUT', '/api/admin/settings', admin, {
      ...appSettingsValues,
      withdrawalMinimum: '0.29',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // 0.29 is 29 cents exactly (as a float it would be 28.999...)
    expect(saved.json()).toMatchObject({ withdrawalMinimumCents: 29, creatorSharePercent: 60 });
    expect((await call('GET', '/api/admin/settings', admin)).json()).toEqual(saved.json());
    const [audit] = await auditRows('settings.update');
    expect(audit).toMatchObject({
      actor_id: admin.id,
      subject_type: 'app_settings',
      before: before.json(),
      after: saved.json(),
    });
  });

  it('refuses values out of range, a currency not on the list and a malformed amount', async () => {
    const bad = [
      { creatorSharePercent: 101 },
      { referralBonusPercent: -1 },
      { withdrawalMinimum: '12.345' },
      { withdrawalMinimum: '-5' },
      { withdrawalMinimum: '' },
      { withdrawalDelayDays: 1.5 },
      { refundWindowDays: 400 },
      { currency: 'XYZ' },
    ];
    const stored = await settingsRows();
    for (const change of bad) {
      const answer = await call('PUT', '/api/admin/settings', admin, { ...appSettingsValues, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(await settingsRows()).toEqual(stored);
  });

  it('refuses shares above the price together and a withdrawal delay shorter than the refund window', async () => {
    const stored = await settingsRows();
    const refused = [
      [{ creatorSharePercent: 95, referralBonusPercent: 10 }, 'referralBonusPercent', 'sharesAbovePrice'],
      [{ creatorSharePercent: 100, referralBonusPercent: 100 }, 'referralBonusPercent', 'sharesAbovePrice'],
      [
        { withdrawalDelayDays: 7, refundWindowDays: 14 },
        'withdrawalDelayDays',
        'delayShorterThanRefundWindow',
      ],
    ] as const;
    for (const [change, field, message] of refused) {
      const answer = await call('PUT', '/api/admin/settings', admin, { ...appSettingsValues, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json().fields).toEqual([{ field, message: `adminSettings.errors.${message}` }]);
    }
    expect(await settingsRows()).toEqual(stored);
    const edge = {
      creatorSharePercent: 90,
      referralBonusPercent: 10,
      withdrawalDelayDays: 14,
      refundWindowDays: 14,
    };
    expect(
      (await call('PUT', '/api/admin/settings', admin, { ...appSettingsValues, ...edge })).statusCode,
    ).toBe(200);
    // Back to the values the next tests expect
    expect((await call('PUT', '/api/admin/settings', admin, appSettingsValues)).statusCode).toBe(200);
  });
});

describe('license types', () => {
  it('lists every type, creates one with its price in cents and edits it, each audited', async () => {
    const list = await call('GET', '/api/admin/license-types', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().types).toHaveLength(3);

    const created = await call('POST', '/api/admin/license-types', admin, licenseTypeValues);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      nameEl: 'Ντοκιμαντέρ',
      priceCents: 12000,
      active: true,
      position: 5,
    });
    const id = created.json().id as string;

    const edited = await call('PUT', `/api/admin/license-types/${id}`, admin, {
      ...licenseTypeValues,
      byRequest: true,
      price: '',
      active: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ priceCents: null, active: false });
    // A retired type is no longer offered to buyers.
    const offered = (await call('GET', '/api/license-types', null)).json().types as { id: string }[];
    expect(offered.map((type) => type.id)).not.toContain(id);

    const [create] = await auditRows('license_type.create');
    expect(create).toMatchObject({ subject_id: id, before: null, after: { priceCents: 12000 } });
    const [update] = await auditRows('license_type.update');
    expect(update).toMatchObject({
      subject_id: id,
      before: { priceCents: 12000, active: true },
      after: { priceCents: null, active: false },
    });
  });

  it('refuses a fixed price without an amount and answers 404 for an unknown type', async () => {
    const types = await typeRows();
    const missing = await call('POST', '/api/admin/license-types', admin, {
      ...licenseTypeValues,
      price: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toContainEqual({
      field: 'price',
      message: 'adminSettings.errors.amountRequired',
    });
    const unknown = await call('PUT', '/api/admin/license-types/no-such-type', admin, licenseTypeValues);
    expect(unknown.statusCode).toBe(404);
    expect(await typeRows()).toEqual(types);
  });
});

describe('a change applies to new license requests only', () => {
  it('keeps the price, currency and shares a quoted or paid request copied', async () => {
    const webType = await licenseTypeId(t.db, 'editorial_web');
    // A fixed-price request (priced at once), and a by-request one that a manager quotes.
    const fixed = await call('POST', `/api/videos/${video}/license-requests`, verified, {
      ...(await licenseRequestBody(t.db, verified.id, 'editorial_web')),
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const byRequest = await call(
      'POST',
      `/api/videos/${video}/license-requests`,
      verified,
      await licenseRequestBody(t.db, verified.id, 'commercial'),
    );
    const quoted = await call('POST', `/api/license-requests/${byRequest.json().id}/quote`, manager, {
      priceCents: 30000,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const paid = fixed.json().id as string;
    await t.db.updateTable('license_requests').set({ status: 'completed' }).where('id', '=', paid).execute();
    const snapshot = () =>
      t.db
        .selectFrom('license_requests')
        .select([
          'id',
          'price_cents',
          'currency',
          'creator_share_percent',
          'referral_bonus_percent',
          'refund_window_days',
          'license_type_snapshot',
        ])
        .where('id', 'in', [paid, byRequest.json().id])
        .orderBy('id')
        .execute();
    const before = await snapshot();

    const current = (await call('GET', '/api/admin/license-types', admin))
      .json()
      .types.find((type: { id: string }) => type.id === webType);
    const change = await call('PUT', `/api/admin/license-types/${webType}`, admin, {
      nameEn: 'Editorial web, renamed',
      nameEl: current.nameEl,
      descriptionEn: current.descriptionEn,
      descriptionEl: current.descriptionEl,
      scope: current.scope,
      byRequest: false,
      price: '99.90',
      active: true,
      position: current.position,
    });
    expect(change.statusCode, change.body).toBe(200);
    const settings = await call('PUT', '/api/admin/settings', admin, {
      ...appSettingsValues,
      creatorSharePercent: 70,
      referralBonusPercent: 5,
      withdrawalDelayDays: 40,
      refundWindowDays: 40,
      currency: 'USD',
    });
    expect(settings.statusCode).toBe(200);

    expect(await snapshot()).toEqual(before);
    expect(before.find((row) => row.id === paid)).toMatchObject({
      price_cents: 4900,
      currency: 'EUR',
      creator_share_percent: 60,
    });

    // A request made now takes the new price, currency and shares.
    const fresh = await call(
      'POST',
      `/api/videos/${video}/license-requests`,
      verified,
      await licenseRequestBody(t.db, verified.id, 'editorial_web'),
    );
    expect(fresh.statusCode, fresh.body).toBe(201);
    const row = await t.db
      .selectFrom('license_requests')
      .selectAll()
      .where('id', '=', fresh.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      price_cents: 9990,
      currency: 'USD',
      creator_share_percent: 70,
      referral_bonus_percent: 5,
      refund_window_days: 40,
    });
  });
});
