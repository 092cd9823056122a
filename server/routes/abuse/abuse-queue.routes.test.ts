import { beforeAll, describe, expect, it } from 'vitest';
import { createNonAdminCallers, createUser, type TestUser } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { abuseReportValues } from '../../../tests/support/valid-bodies';

/**
 * The admins' abuse report queue: reports sent from the floating modal, newest first, a page at a time,
 * new or handled; an admin marks one handled with a note, once (compare-and-set), with an audit row.
 */
let verified: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;
let refused: [string, TestUser | null][];

const t = setUpTestApp();
beforeAll(async () => {
  ({ verified, refused } = await createNonAdminCallers(t, {
    verified: { username: 'reporter_one' },
  }));
  admin = await createUser(t, { verified: true, rights: ['admin'], username: 'queue_admin' });
  otherAdmin = await createUser(t, { verified: true, rights: ['admin'] });
}, 120_000);

let address = 0;
const call = (method: 'GET' | 'POST', url: string, who: TestUser | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { origin: t.config.publicUrl, ...(who && { cookie: who.cookie }) },
    remoteAddress: `10.73.${Math.floor(++address / 250) % 250}.${address % 250}`,
  });

/** Sends a report as the modal does; returns its id. */
async function report(who: TestUser | null, subject: string) {
  const answer = await call('POST', '/api/abuse-reports', who, {
    ...abuseReportValues,
    subject,
    url: 'http://localhost/videos/abc',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id as string;
}
const reportRows = () => t.db.selectFrom('abuse_requests').selectAll().orderBy('id').execute();

describe('the abuse report queue', () => {
  it('lists new reports newest first, a page at a time, with the reporter or the e-mail', async () => {
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) {
      ids.push(await report(n === 5 ? verified : null, `Report ${n}`));
      await t.db
        .updateTable('abuse_requests')
        .set({ created: new Date(Date.UTC(2026, 0, n)) })
        .where('id', '=', ids.at(-1) as string)
        .execute();
    }
    const first = await call('GET', '/api/admin/abuse-reports?limit=2', admin);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.items.map((item: { subject: string }) => item.subject)).toEqual(['Report 5', 'Report 4']);
    expect(page.items[0]).toMatchObject({
      url: 'http://localhost/videos/abc',
      reporter: { id: verified.id, name: 'reporter_one' },
      email: abuseReportValues.email,
      message: abuseReportValues.message,
      handledAt: null,
    });
    expect(page.items[1].reporter).toBeNull();
    const rest = await call('GET', `/api/admin/abuse-reports?limit=2&cursor=${page.nextCursor}`, admin);
    expect(rest.json().items.map((item: { subject: string }) => item.subject)).toEqual([
      'Report 3',
      'Report 2',
    ]);
    const last = await call(
      'GET',
      `/api/admin/abuse-reports?limit=2&cursor=${rest.json().nextCursor}`,
      admin,
    );
    expect(last.json()).toMatchObject({ nextCursor: null, items: [{ subject: 'Report 1' }] });
  });

  it('is refused to everyone but admins, and a refused handle changes nothing', async () => {
    const id = await report(null, 'Refused handling');
    const before = await reportRows();
    for (const [who, caller] of refused) {
      const expected = caller ? 403 : 401;
      const list = await call('GET', '/api/admin/abuse-reports', caller);
      const handle = await call('POST', `/api/admin/abuse-reports/${id}/handle`, caller, { note: 'x' });
      expect([list.statusCode, handle.statusCode], who).toEqual([expected, expected]);
    }
    expect(await reportRows()).toEqual(before);
    expect(await t.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
  });

  it('marks a report handled once, with the note, the admin and an audit row', async () => {
    const id = await report(verified, 'Handle me');
    const handled = await call('POST', `/api/admin/abuse-reports/${id}/handle`, admin, {
      note: 'Video removed.',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({
      id,
      handledBy: { id: admin.id, name: 'queue_admin' },
      handledNote: 'Video removed.',
    });
    const again = await call('POST', `/api/admin/abuse-reports/${id}/handle`, otherAdmin, { note: 'Me too' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ABUSE_REPORT_ALREADY_HANDLED');

    const newOnes = (await call('GET', '/api/admin/abuse-reports?limit=50', admin)).json().items;
    expect(newOnes.map((item: { id: string }) => item.id)).not.toContain(id);
    const handledOnes = (await call('GET', '/api/admin/abuse-reports?state=handled', admin)).json().items;
    expect(handledOnes).toMatchObject([{ id, handledNote: 'Video removed.' }]);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'abuse.handle')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, subject_id: id, after: { note: 'Video removed.' } });
    expect((await call('POST', '/api/admin/abuse-reports/no-such-report/handle', admin, {})).statusCode).toBe(
      404,
    );
  });

  it('lets one of two admins handling a report at once win', async () => {
    const id = await report(null, 'Raced');
    const answers = await Promise.all(
      [admin, otherAdmin].map((who) =>
        call('POST', `/api/admin/abuse-reports/${id}/handle`, who, { note: who.id }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'abuse.handle')
      .where('subject_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
  });
});
