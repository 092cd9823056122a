import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf } from '../../../tests/support/audit';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { createTestApp } from '../../../tests/support/test-app';
import { testDatabaseKind } from '../../../tests/support/test-database';

/**
 * The back office's users (issue 20) on both databases: only admins get in, and a refused caller changes
 * nothing; the last-admin and self rules; a disabled user's open session ends at its next request and
 * sign-in answers USER_DISABLED; every change and its audit row commit together.
 */
let admin: TestUser;
let others: Record<'member' | 'verified' | 'staff' | 'manager', TestUser>;

const t = setUpTestApp();
beforeAll(async () => {
  admin = await createUser(t, { verified: true, rights: ['admin'], name: 'Ada Admin' });
  others = {
    member: await createUser(t),
    verified: await createUser(t, { verified: true }),
    staff: await createUser(t, { verified: true, rights: ['manage_videos'] }),
    manager: await createUser(t, { verified: true, rights: ['manage_licenses'] }),
  };
}, 120_000);

let address = 0;
const call = (cookie: string | null, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { origin: t.config.publicUrl, ...(cookie && { cookie }), ...options.headers },
    remoteAddress: `10.61.${Math.floor(++address / 250) % 250}.${address % 250}`,
  });
const asAdmin = (options: InjectOptions) => call(admin.cookie, options);
const rightsOf = async (id: string) =>
  (await t.db.selectFrom('users').select('rights').where('id', '=', id).executeTakeFirstOrThrow()).rights;
const auditRows = (subjectId: string) => auditRowsOf(t.db, subjectId);
const sessionsOf = async (id: string) =>
  (await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).length;
const setRights = (cookie: string | null, id: string, rights: string[]) =>
  call(cookie, { method: 'PUT', url: `/api/admin/users/${id}/rights`, payload: { rights } });

describe('who may use the back office', () => {
  const endpoints = (target: string): InjectOptions[] => [
    { method: 'GET', url: '/api/admin/dashboard' },
    { method: 'GET', url: '/api/admin/users?q=a' },
    { method: 'GET', url: `/api/admin/users/${target}` },
    { method: 'PUT', url: `/api/admin/users/${target}/rights`, payload: { rights: ['admin'] } },
    { method: 'POST', url: `/api/admin/users/${target}/disable`, payload: {} },
    { method: 'POST', url: `/api/admin/users/${target}/enable`, payload: {} },
    { method: 'GET', url: '/api/admin/audit-log' },
  ];

  it('refuses a visitor (401), members and staff without the admin right (403), and nothing changes', async () => {
    const target = await createUser(t, { verified: true });
    const before = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    const callers: [string | null, number][] = [
      [null, 401],
      [others.member.cookie, 403],
      [others.verified.cookie, 403],
      [others.staff.cookie, 403],
      [others.manager.cookie, 403],
    ];
    for (const options of endpoints(target.id)) {
      for (const [cookie, status] of callers) {
        const response = await call(cookie, options);
        expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(status);
      }
    }
    const after = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await auditRows(target.id)).toEqual([]);
    expect(await sessionsOf(target.id)).toBe(1);
  });

  it('lets an admin in', async () => {
    const target = await createUser(t);
    for (const options of endpoints(target.id)) {
      const response = await asAdmin(options);
      expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(200);
    }
  });
});

describe('the users list', () => {
  it('finds a member by name without accents or case, username, e-mail and phone, with filters and pages', async () => {
    const maria = await createUser(t, { verified: true, username: 'mariaphoto', name: 'Μαρία Παπαδοπούλου' });
    const phone = (
      await t.db
        .selectFrom('users')
        .select('phone_number')
        .where('id', '=', maria.id)
        .executeTakeFirstOrThrow()
    ).phone_number as string;
    const found = async (query: string) =>
      (await asAdmin({ method: 'GET', url: `/api/admin/users?${query}` }))
        .json()
        .items.map((item: { id: string }) => item.id);
    expect(await found(`q=${encodeURIComponent('μαρια')}`)).toContain(maria.id);
    expect(await found('q=MARIAPHOTO')).toContain(maria.id);
    expect(await found(`q=${encodeURIComponent(maria.email.toUpperCase())}`)).toEqual([maria.id]);
    expect(await found(`q=${encodeURIComponent(phone.slice(-7))}`)).toEqual([maria.id]);
    expect(await found('q=mariaphoto&verification=unverified')).toEqual([]);
    expect(await found('q=mariaphoto&verification=verified')).toEqual([maria.id]);
    expect(await found('right=manage_licenses')).toEqual([others.manager.id]);
    expect(await found('q=nobody-has-this-name')).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await asAdmin({ method: 'GET', url: `/api/admin/users?limit=2${cursor ? `&cursor=${cursor}` : ''}` })
      ).json();
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await t.db.selectFrom('users').select('id').execute();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(all.length);
  });

  it("shows a user's page: steps, referrer, videos, balance", async () => {
    const owner = await createUser(t, { verified: true });
    const videoId = await createVideo(t.db, owner.id, { status: 'not_verified', title: 'Quay at night' });
    const page = (await asAdmin({ method: 'GET', url: `/api/admin/users/${owner.id}` })).json();
    expect(page.steps).toEqual({
      emailVerified: true,
      phoneVerified: true,
      profileVerified: true,
      accountVerified: true,
    });
    expect(page.videos).toEqual([
      expect.objectContaining({ id: videoId, title: 'Quay at night', status: 'not_verified' }),
    ]);
    expect(page.balances).toEqual([]);
    expect(page.abilities).toEqual({ removeAdmin: true, disable: true });
    const own = (await asAdmin({ method: 'GET', url: `/api/admin/users/${admin.id}` })).json();
    expect(own.abilities).toEqual({ removeAdmin: false, disable: false });
    expect(
      (await asAdmin({ method: 'GET', url: '/api/admin/users/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('rights', () => {
  it('grants and revokes, each change with its audit row; the open session sees it at its next request', async () => {
    const member = await createUser(t, { verified: true });
    const review = () => call(member.cookie, { method: 'GET', url: '/api/review/videos' });
    expect((await review()).statusCode).toBe(403);

    const granted = await setRights(admin.cookie, member.id, ['manage_videos']);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().rights).toEqual(['manage_videos']);
    expect((await review()).statusCode).toBe(200);

    expect((await setRights(admin.cookie, member.id, [])).statusCode).toBe(200);
    expect((await review()).statusCode).toBe(403);
    // The same rights again change nothing and write nothing.
    expect((await setRights(admin.cookie, member.id, [])).statusCode).toBe(200);

    const rows = await auditRows(member.id);
    expect(rows.map((row) => [row.action, row.actor_id, row.before, row.after])).toEqual([
      ['user.rights', admin.id, { rights: [] }, { rights: ['manage_videos'] }],
      ['user.rights', admin.id, { rights: ['manage_videos'] }, { rights: [] }],
    ]);
  });

  it('refuses an admin removing their own admin right, and writes nothing', async () => {
    const other = await createUser(t, { verified: true, rights: ['admin'] });
    const response = await setRights(other.cookie, other.id, ['manage_videos']);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('OWN_ADMIN_RIGHT');
    expect(await rightsOf(other.id)).toEqual(['admin']);
    expect(await auditRows(other.id)).toEqual([]);
    // Adding a right to themselves while keeping admin is fine.
    expect((await setRights(other.cookie, other.id, ['admin', 'manage_videos'])).statusCode).toBe(200);
  });

  // The last admin is never demoted: two admins demoting each other at once is the one way to try it
  // (every other demotion is made by an admin who stays). Rounds on both databases; the race is real on
  // PostgreSQL, where the two transactions overlap and the admin rows' locks make them take turns.
  it('two admins demoting each other at once leave exactly one admin', async () => {
    // A database of its own, whose admins are only each round's pair (other admins would make the rule moot).
    const pair = await createTestApp();
    try {
      for (let round = 0; round < (testDatabaseKind() === 'postgres' ? 5 : 2); round++) {
        // The last round's survivor steps down, out of band: this round's two are the only admins.
        await pair.db.updateTable('users').set({ rights: [] }).execute();
        const a = await createUser(pair, { verified: true, rights: ['admin'] });
        const b = await createUser(pair, { verified: true, rights: ['admin'] });
        const demote = (by: TestUser, whom: TestUser) =>
          pair.app.inject({
            method: 'PUT',
            url: `/api/admin/users/${whom.id}/rights`,
            headers: { origin: pair.config.publicUrl, cookie: by.cookie },
            payload: { rights: [] },
          });
        const answers = await Promise.all([demote(a, b), demote(b, a)]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        // The loser is no admin any more when its turn comes (403), or finds the other the last (409).
        expect(statuses[0]).toBe(200);
        expect([403, 409]).toContain(statuses[1]);
        const admins = await pair.db
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.val('admin'), '=', eb.fn.any('rights')))
          .execute();
        expect(admins).toHaveLength(1);
        const audited = [...(await auditRowsOf(pair.db, a.id)), ...(await auditRowsOf(pair.db, b.id))];
        expect(audited).toHaveLength(1);
      }
    } finally {
      await pair.close();
    }
  }, 120_000);
});

describe('disabling an account', () => {
  const signIn = (email: string) =>
    call(null, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'secret-password' },
    });

  it('ends the sessions, refuses sign-in with USER_DISABLED, keeps the videos; enabling lets them in again', async () => {
    const member = await createUser(t, { verified: true });
    const videoId = await createVideo(t.db, member.id, { status: 'ready' });
    const response = await call(admin.cookie, {
      method: 'POST',
      url: `/api/admin/users/${member.id}/disable`,
      payload: { reason: 'Spam uploads' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().disabled).toBe(true);
    expect(await sessionsOf(member.id)).toBe(0);
    expect((await call(member.cookie, { method: 'GET', url: '/api/me/dashboard' })).statusCode).toBe(401);

    const refused = await signIn(member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('USER_DISABLED');
    expect(await sessionsOf(member.id)).toBe(0);

    const video = await t.db
      .selectFrom('videos')
      .select('status')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video.status).toBe('ready');

    expect(
      (await call(admin.cookie, { method: 'POST', url: `/api/admin/users/${member.id}/enable`, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await signIn(member.email)).statusCode).toBe(200);
    const rows = await auditRows(member.id);
    expect(rows.map((row) => [row.action, row.before, row.after, row.reason])).toEqual([
      ['user.disable', { disabled: false }, { disabled: true }, 'Spam uploads'],
      ['user.enable', { disabled: true }, { disabled: false }, null],
    ]);
  });

  it("refuses a disabled user's session that is still open at its next request, and ends it", async () => {
    const member = await createUser(t, { verified: true });
    // Disabled behind the app's back (another instance, a race): the session row is still there.
    await t.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', member.id).execute();
    expect(await sessionsOf(member.id)).toBe(1);
    const session = await call(member.cookie, { method: 'GET', url: '/api/session' });
    expect(session.json()).toEqual({ user: null });
    expect(await sessionsOf(member.id)).toBe(0);
  });

  it('refuses an admin disabling themselves, and writes nothing', async () => {
    const response = await call(admin.cookie, {
      method: 'POST',
      url: `/api/admin/users/${admin.id}/disable`,
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('OWN_ACCOUNT');
    expect(await sessionsOf(admin.id)).toBeGreaterThan(0);
    expect(await auditRows(admin.id)).toEqual([]);
  });

  it('writes the change and its audit row together: a failing audit insert leaves the account as it was', async () => {
    const member = await createUser(t, { verified: true });
    // The audit insert fails inside the transaction (a check only new rows must pass), then is restored.
    await t.database.pool.query(
      "alter table audit_log add constraint audit_log_test_refuse check (action <> 'user.disable') not valid",
    );
    try {
      const response = await call(admin.cookie, {
        method: 'POST',
        url: `/api/admin/users/${member.id}/disable`,
        payload: {},
      });
      expect(response.statusCode).toBe(500);
      const row = await t.db
        .selectFrom('users')
        .select('disabled_at')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(row.disabled_at).toBeNull();
      expect(await sessionsOf(member.id)).toBe(1);
      expect(await auditRows(member.id)).toEqual([]);
    } finally {
      await t.database.pool.query('alter table audit_log drop constraint if exists audit_log_test_refuse');
    }
  });
});

describe('the audit log', () => {
  it('lists every row newest first, filtered by admin and action, in pages', async () => {
    const member = await createUser(t);
    await setRights(admin.cookie, member.id, ['manage_licenses']);
    await setRights(admin.cookie, member.id, []);
    const log = (query: string) => asAdmin({ method: 'GET', url: `/api/admin/audit-log?${query}` });
    const first = (await log(`actorId=${admin.id}&action=user.rights&limit=1`)).json();
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      action: 'user.rights',
      subjectId: member.id,
      subjectName: 'Test User',
      actor: { id: admin.id, name: 'Ada Admin' },
      after: { rights: [] },
    });
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await log(`actorId=${admin.id}&action=user.rights&limit=1&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items[0].after).toEqual({ rights: ['manage_licenses'] });
    expect(first.actions).toContain('user.rights');
    expect(first.actors.map((actor: { id: string }) => actor.id)).toContain(admin.id);
    expect(
      (await log('action=user.disable'))
        .json()
        .items.every((item: { action: string }) => item.action === 'user.disable'),
    ).toBe(true);
  });
});

describe('the dashboard', () => {
  it('counts what waits and sums this month per currency', async () => {
    const owner = await createUser(t, { verified: true });
    await createVideo(t.db, owner.id, { status: 'not_verified' });
    const dashboard = (await asAdmin({ method: 'GET', url: '/api/admin/dashboard' })).json();
    expect(dashboard.waiting.videosToReview).toBeGreaterThanOrEqual(1);
    expect(dashboard.waiting.newAbuseReports).toBe(0);
    // A report waits until an admin marks it handled
    const report = await t.db
      .insertInto('abuse_requests')
      .values({
        email: 'x@example.com',
        subject: 'Broken',
        message: 'It broke.',
        url: 'http://localhost/',
        user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (await asAdmin({ method: 'GET', url: '/api/admin/dashboard' })).json().waiting.newAbuseReports,
    ).toBe(1);
    await t.db
      .updateTable('abuse_requests')
      .set({ handled_at: new Date() })
      .where('id', '=', report.id)
      .execute();
    expect(
      (await asAdmin({ method: 'GET', url: '/api/admin/dashboard' })).json().waiting.newAbuseReports,
    ).toBe(0);
    expect(dashboard.month.from).toMatch(/-01T00:00:00.000Z$/);
  });

  it("nets this month's ledger rows: sales, platform revenue and payouts, counter-rows taken off", async () => {
    const buyer = await createUser(t, { verified: true });
    const row = (type: string, amount: number, extra: Record<string, unknown> = {}) =>
      t.db
        .insertInto('transactions')
        .values({
          user_id: buyer.id,
          type,
          status: 'completed',
          amount_cents: amount,
          currency: 'EUR',
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await row('video_license_purchase', 10_000);
    const refunded = await row('video_license_purchase', 2_000);
    await row('video_license_purchase', 2_000, { status: 'reverted', reverses_id: refunded.id });
    await row('video_license_sale', 5_000);
    await row('video_license_sale_referral_bonus', 1_000);
    await row('withdrawal', 3_000);
    await row('withdrawal', 999, { status: 'pending' });
    await row('video_license_purchase', 700, { currency: 'USD' });
    const { month } = (await asAdmin({ method: 'GET', url: '/api/admin/dashboard' })).json();
    expect(month.sales).toEqual([
      { currency: 'EUR', cents: 10_000 },
      { currency: 'USD', cents: 700 },
    ]);
    expect(month.platformRevenue).toEqual([
      { currency: 'EUR', cents: 4_000 },
      { currency: 'USD', cents: 700 },
    ]);
    expect(month.paidOut).toEqual([{ currency: 'EUR', cents: 3_000 }]);
  });
});
