import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TERMS_MAX_BYTES } from '../../../common/contracts/site-documents';
import { createNonAdminCallers, createUser, type TestUser } from '../../../tests/support/factories';
import { pngBytes } from '../../../tests/support/images';
import { pdfBytes } from '../../../tests/support/pdf';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { privacyPolicyValues } from '../../../tests/support/valid-bodies';

/**
 * The terms of service (SPEC 2.6, 7, 8.4) and the privacy policy: anyone reads them; only admins replace
 * the PDF (checked by content and size; a refused or failed upload keeps the old one) or edit the policy.
 */
let admin: TestUser;
let refused: [string, TestUser | null][];

const t = setUpTestApp();
beforeAll(async () => {
  ({ refused } = await createNonAdminCallers(t));
  admin = await createUser(t, { verified: true, rights: ['admin'] });
}, 120_000);

let address = 0;
const remoteAddress = () => `10.72.${Math.floor(++address / 250) % 250}.${address % 250}`;
const call = (method: 'GET' | 'PUT', url: string, who: TestUser | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { origin: t.config.publicUrl, ...(who && { cookie: who.cookie }) },
    remoteAddress: remoteAddress(),
  });
const upload = (who: TestUser | null, bytes: Buffer, type = 'application/pdf') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/terms',
    payload: bytes,
    headers: { origin: t.config.publicUrl, 'content-type': type, ...(who && { cookie: who.cookie }) },
    remoteAddress: remoteAddress(),
  });
const storedTerms = () =>
  fs.readFile(path.join(t.config.storage.localDir, 'public', 'terms_of_service.pdf')).catch(() => null);
const termsAudit = () =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', 'terms.upload').execute();

describe('terms of service', () => {
  it('has none at first: the info says so and the file is 404', async () => {
    expect((await call('GET', '/api/terms', null)).json()).toEqual({
      url: null,
      uploadedAt: null,
      maxBytes: TERMS_MAX_BYTES,
    });
    expect((await call('GET', '/api/terms/file', null)).statusCode).toBe(404);
  });

  it('refuses the upload to everyone but admins, storing nothing', async () => {
    const pdf = await pdfBytes();
    for (const [who, caller] of refused) {
      const answer = await upload(caller, pdf);
      expect(answer.statusCode, `${who}: ${answer.body}`).toBe(caller ? 403 : 401);
    }
    expect(await storedTerms()).toBeNull();
    expect(await termsAudit()).toEqual([]);
  });

  it('on a fresh install, publishes the sample terms in both languages once, for the admin to replace', async () => {
    const siteDocuments = t.app.services.siteDocuments;
    expect(await siteDocuments.publishSampleTermsIfNone()).toBe(true);
    const info = (await call('GET', '/api/terms', null)).json();
    expect(info.url).toMatch(/^\/api\/terms\/file\?v=\d+$/);
    const file = await call('GET', info.url, null);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Titled as a sample in English and Greek (the metadata holds the title as UTF-16).
    const utf16 = (text: string) => Buffer.from(text, 'utf16le').swap16();
    for (const title of ['Terms of Service', 'Όροι χρήσης', 'δείγμα'])
      expect(file.rawPayload.includes(utf16(title)), title).toBe(true);
    // Once any terms exist, a later start leaves them alone.
    expect(await siteDocuments.publishSampleTermsIfNone()).toBe(false);
    expect(await storedTerms()).toEqual(file.rawPayload);
    expect(await termsAudit()).toEqual([]);
  });

  it('stores an admin upload at public/terms_of_service.pdf, with its date, served inline to anyone', async () => {
    const sample = (await call('GET', '/api/terms', null)).json();
    const pdf = await pdfBytes('Terms, first edition');
    const sent = t.clock.now().getTime();
    const answer = await upload(admin, pdf);
    expect(answer.statusCode, answer.body).toBe(200);
    const info = answer.json();
    expect(Date.parse(info.uploadedAt)).toBeGreaterThanOrEqual(sent);
    expect(Date.parse(info.uploadedAt)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(info.url).toMatch(/^\/api\/terms\/file\?v=\d+$/);
    expect(await storedTerms()).toEqual(pdf);
    expect((await call('GET', '/api/terms', null)).json()).toEqual(info);

    const file = await call('GET', info.url, null);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload).toEqual(pdf);

    const [audit] = await termsAudit();
    expect(audit).toMatchObject({
      actor_id: admin.id,
      before: { uploadedAt: sample.uploadedAt },
      after: { uploadedAt: info.uploadedAt },
    });
  });

  it('refuses a file that is not a PDF by its content, and one over the limit, keeping the old terms', async () => {
    const current = await storedTerms();
    const info = (await call('GET', '/api/terms', null)).json();
    const audits = (await termsAudit()).length;
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const refusals = [
      [await upload(admin, html), 415, 'NOT_A_PDF'], // an HTML page named .pdf, sent as application/pdf
      [await upload(admin, await pngBytes()), 415, 'NOT_A_PDF'],
      [await upload(admin, html, 'text/html'), 415, 'NOT_A_PDF'],
      [
        await upload(admin, Buffer.concat([await pdfBytes(), Buffer.alloc(TERMS_MAX_BYTES)])),
        413,
        'TERMS_TOO_LARGE',
      ],
    ] as const;
    for (const [answer, status, code] of refusals) {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().code).toBe(code);
    }
    expect(await storedTerms()).toEqual(current);
    expect((await call('GET', '/api/terms', null)).json()).toEqual(info);
    expect(await termsAudit()).toHaveLength(audits);
  });

  it('answers SPEC 8.4 when storage fails, and neither the date nor an audit row is kept', async () => {
    const info = (await call('GET', '/api/terms', null)).json();
    const audits = (await termsAudit()).length;
    // A directory where the file should go: the storage driver cannot replace it.
    const target = path.join(t.config.storage.localDir, 'public', 'terms_of_service.pdf');
    const kept = await fs.readFile(target);
    await fs.rm(target);
    await fs.mkdir(path.join(target, 'blocked'), { recursive: true });
    try {
      t.clock.advance(60_000);
      const answer = await upload(admin, await pdfBytes('Second edition'));
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json().code).toBe('TERMS_UPLOAD_FAILED');
      expect((await call('GET', '/api/terms', null)).json()).toEqual(info);
      expect(await termsAudit()).toHaveLength(audits);
    } finally {
      await fs.rm(target, { recursive: true });
      await fs.writeFile(target, kept);
    }
  });
});

describe('privacy policy', () => {
  it('starts with the seeded text in both languages, readable by anyone', async () => {
    const answer = await call('GET', '/api/privacy', null);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().en).toMatch(/^We keep only what the service needs/);
    expect(answer.json().el).toMatch(/^Κρατάμε μόνο ό,τι χρειάζεται/);
  });

  it('is changed by admins only, with an audit row', async () => {
    const before = (await call('GET', '/api/privacy', null)).json();
    for (const [who, caller] of refused) {
      const answer = await call('PUT', '/api/admin/privacy', caller, privacyPolicyValues);
      expect(answer.statusCode, who).toBe(caller ? 403 : 401);
    }
    expect((await call('GET', '/api/privacy', null)).json()).toEqual(before);

    const saved = await call('PUT', '/api/admin/privacy', admin, privacyPolicyValues);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(privacyPolicyValues);
    expect((await call('GET', '/api/privacy', null)).json()).toMatchObject(privacyPolicyValues);
    const [audit] = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'privacy.update')
      .execute();
    expect(audit).toMatchObject({
      actor_id: admin.id,
      before: { en: before.en, el: before.el },
      after: privacyPolicyValues,
    });
  });

  it('refuses an empty text', async () => {
    const answer = await call('PUT', '/api/admin/privacy', admin, { en: '  ', el: 'Κείμενο' });
    expect(answer.statusCode).toBe(400);
  });
});
