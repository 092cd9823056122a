import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_AGREEMENT_VERSION, type VideoSubmission } from '../../../common/contracts/video-submission';
import { keywordCount } from '../../../tests/support/keyword-summary';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { makeVerified, signUp } from '../../../tests/support/test-app';

/** POST /api/videos: a verified creator's submission, and everything refused on the way. */
let signature: string;
let creator: { id: string; cookie: string };
const t = setUpTestApp();
beforeAll(async () => {
  const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#ffffff00' } })
    .png()
    .toBuffer();
  signature = `data:image/png;base64,${png.toString('base64')}`;
  creator = await signUp(t, { email: 'creator@example.com' });
  await makeVerified(t, creator, 'Creator One');
});

const valid = (): VideoSubmission => ({
  title: 'Storm over the marina',
  description: 'Lightning over Limassol marina, filmed from the pier.',
  keywords: 'storm, Λεμεσός, lightning',
  externalUrl: '',
  ownerName: 'Andreas Christou',
  ownerEmail: 'andreas@example.com',
  ownerPhone: '+35799123456',
  ownerCountry: 'CY',
  ownerInstagram: '@andreas',
  ownerDob: '1990-05-01',
  signature,
  isPolicyAgreed: true,
  fileName: 'storm.mp4',
  fileSize: 10_000_000,
});

let address = 0;
const submit = (payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/videos',
    payload,
    headers: { origin: t.config.publicUrl, ...(cookie && { cookie }) },
    remoteAddress: `10.70.0.${++address % 250}`,
  });
const videoCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const signatureFiles = async () =>
  (await fs.readdir(path.join(t.config.storage.localDir, 'signatures')).catch(() => [])).length;

/** A submission with `change` is refused with `message` on `field`, and no video is made. */
async function refusesWith(change: object, field: string, message: string) {
  const before = await videoCount();
  const response = await submit({ ...valid(), ...change }, creator.cookie);
  expect(response.statusCode).toBe(400);
  expect(response.json().fields).toContainEqual({ field, message });
  expect(await videoCount()).toBe(before);
}

describe('refused callers', () => {
  it('asks a visitor to sign in, and an unverified user to verify', async () => {
    expect((await submit(valid())).statusCode).toBe(401);
    const unverified = await signUp(t, { email: 'fresh@example.com' });
    const response = await submit(valid(), unverified.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NOT_VERIFIED');
    expect(await videoCount()).toBe(0);
    expect(await signatureFiles()).toBe(0);
  });
});

describe('a submission', () => {
  it('stores the video (not uploaded yet), the owner, the signature and the agreement version', async () => {
    const response = await submit(valid(), creator.cookie);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const video = await t.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(video).toMatchObject({
      user_id: creator.id,
      status: 'not_uploaded',
      keywords: ['storm', 'Λεμεσός', 'lightning'],
      owner_name: 'Andreas Christou',
      owner_phone: '+35799123456',
      owner_dob: '1990-05-01',
      signature_path: `signatures/${id}.png`,
      agreement_version: LICENSE_AGREEMENT_VERSION,
      path: null,
    });
    const stored = await fs.readFile(path.join(t.config.storage.localDir, 'signatures', `${id}.png`));
    expect((await sharp(stored).metadata()).format).toBe('png');
    // The signature is private: not served as a public file.
    expect((await t.app.inject(`/files/signatures/${id}.png`)).statusCode).toBe(404);
  });

  it('offers its keywords to nobody until staff approve it; declining or archiving takes them back', async () => {
    await submit({ ...valid(), keywords: 'STORM, λεμεσος' }, creator.cookie);
    const popular = async () => {
      const response = await t.app.inject('/api/keywords?limit=100');
      return Object.fromEntries(
        (response.json().keywords as { keyword: string; count: number }[]).map((k) => [k.keyword, k.count]),
      );
    };
    const suggested = async (q: string) =>
      (await t.app.inject(`/api/keywords/suggestions?q=${encodeURIComponent(q)}`)).json().items as {
        keyword: string;
        label: string;
        count: number;
      }[];
    // Submitted, not yet uploaded nor reviewed: the keywords say nothing about it to anyone.
    expect(await popular()).toEqual({});
    expect(await suggested('st')).toEqual([]);

    // Processing made both not_verified (it lists nothing either); then staff decide.
    // The first submission (storm, Λεμεσός, lightning) first, then this one (STORM, λεμεσος).
    const ids = (
      await t.db.selectFrom('videos').select(['id', 'keywords']).where('user_id', '=', creator.id).execute()
    )
      .sort((a, b) => Number(b.keywords.includes('storm')) - Number(a.keywords.includes('storm')))
      .map((row) => row.id);
    expect(ids).toHaveLength(2);
    await t.db.updateTable('videos').set({ status: 'not_verified' }).where('id', 'in', ids).execute();
    expect(await popular()).toEqual({});
    const staff = await signUp(t, { email: 'staff@example.com' });
    await t.db
      .updateTable('users')
      .set({ rights: ['manage_videos'] })
      .where('id', '=', staff.id)
      .execute();
    const setStatus = async (id: string, to: string, reason = '') => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/videos/${id}/status`,
        payload: { to, reason },
        headers: { origin: t.config.publicUrl, cookie: staff.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    // Approved: counted without case or accents, labelled as the first approved video wrote it.
    await setStatus(ids[0]!, 'approved');
    await setStatus(ids[1]!, 'approved');
    expect(await popular()).toEqual({ storm: 2, λεμεσοσ: 2, lightning: 1 });
    expect(await suggested('ST')).toEqual([{ keyword: 'storm', label: 'storm', count: 2 }]);

    await setStatus(ids[1]!, 'declined', 'Filmed by someone else.');
    expect(await popular()).toEqual({ storm: 1, λεμεσοσ: 1, lightning: 1 });
    await setStatus(ids[0]!, 'archived');
    expect(await popular()).toEqual({});
    expect(await suggested('')).toEqual([]);
    // Reconsidered: back in.
    await setStatus(ids[0]!, 'approved');
    expect(await popular()).toEqual({ storm: 1, λεμεσοσ: 1, lightning: 1 });
    await setStatus(ids[0]!, 'archived');
  });

  it('refuses a file larger than the upload limit', async () => {
    const before = await videoCount();
    const response = await submit({ ...valid(), fileSize: t.config.uploadMaxBytes + 1 }, creator.cookie);
    expect(response.statusCode).toBe(413);
    expect(await videoCount()).toBe(before);
  });

  it('refuses a signature that is not a PNG image, and stores nothing', async () => {
    const before = [await videoCount(), await signatureFiles()];
    const fake = `data:image/png;base64,${Buffer.from('not a picture').toString('base64')}`;
    const response = await submit({ ...valid(), signature: fake }, creator.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'signature', message: 'upload.errors.signatureRequired' },
    ]);
    expect([await videoCount(), await signatureFiles()]).toEqual(before);
  });

  const tooYoung = new Date(Date.now() - 15 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  it.each([
    [{ title: '' }, 'title', 'upload.errors.titleRequired'],
    [{ title: 'x'.repeat(101) }, 'title', 'upload.errors.titleMaxLength'],
    [{ title: 'a <b> title' }, 'title', 'upload.errors.titleAllowedChars'],
    [{ description: '' }, 'description', 'upload.errors.descriptionRequired'],
    [{ description: 'x'.repeat(5001) }, 'description', 'upload.errors.descriptionMaxLength'],
    [{ description: 'x > y' }, 'description', 'upload.errors.descriptionAllowedChars'],
    [
      { keywords: Array.from({ length: 31 }, (_, i) => `k${i}`).join(',') },
      'keywords',
      'upload.errors.keywordsTooMany',
    ],
    [{ externalUrl: 'javascript:alert(1)' }, 'externalUrl', 'upload.errors.externalUrlInvalid'],
    [{ ownerName: '' }, 'ownerName', 'upload.errors.ownerNameRequired'],
    [{ ownerEmail: 'nope' }, 'ownerEmail', 'upload.errors.emailRequired'],
    [{ ownerPhone: '+357' }, 'ownerPhone', 'upload.errors.phoneNumberRequired'],
    [{ ownerCountry: 'XX' }, 'ownerCountry', 'upload.errors.countryRequired'],
    [{ ownerInstagram: 'andreas' }, 'ownerInstagram', 'upload.errors.instagramFormat'],
    [{ ownerDob: '' }, 'ownerDob', 'upload.errors.dobRequired'],
    [{ ownerDob: tooYoung }, 'ownerDob', 'upload.errors.dobTooYoung'],
    [{ signature: '' }, 'signature', 'upload.errors.signatureRequired'],
    [{ isPolicyAgreed: false }, 'isPolicyAgreed', 'upload.errors.termsAgreementRequired'],
    [{ fileName: '' }, 'fileName', 'upload.errors.fileRequired'],
  ])('refuses %j with %s: %s', refusesWith);
});

describe('withdrawing a submission whose file never arrived', () => {
  const withdraw = (id: string, cookie?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${id}`,
      headers: { origin: t.config.publicUrl, ...(cookie && { cookie }) },
      remoteAddress: `10.71.0.${++address % 250}`,
    });
  const summaryOf = (keyword: string) => keywordCount(t.db, keyword);

  it('removes the video and its signature, counting nothing; refuses others and uploaded videos', async () => {
    const { id } = (await submit({ ...valid(), keywords: 'withdrawn-once' }, creator.cookie)).json();
    // Never listed, so never counted: withdrawing it takes nothing away from other videos' counts.
    expect(await summaryOf('withdrawn-once')).toBe(0);
    const stranger = await signUp(t, { email: 'stranger@example.com' });

    expect((await withdraw(id)).statusCode).toBe(401);
    expect((await withdraw(id, stranger.cookie)).statusCode).toBe(404);
    const stillThere = await t.db.selectFrom('videos').select('id').where('id', '=', id).executeTakeFirst();
    expect(stillThere).toBeDefined();

    expect((await withdraw(id, creator.cookie)).statusCode).toBe(204);
    expect(
      await t.db.selectFrom('videos').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await summaryOf('withdrawn-once')).toBe(0);
    await expect(
      fs.access(path.join(t.config.storage.localDir, 'signatures', `${id}.png`)),
    ).rejects.toThrow();

    const uploaded = (await submit(valid(), creator.cookie)).json().id;
    await t.db
      .updateTable('videos')
      .set({ path: `videos/${uploaded}.mp4` })
      .where('id', '=', uploaded)
      .execute();
    const refused = await withdraw(uploaded, creator.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OPERATION_NOT_ALLOWED');
  });
});

describe('shooting date, time and place', () => {
  const stored = async (id: string) =>
    t.db
      .selectFrom('videos')
      .select(['date', 'time', 'location'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('stores the date, the time and the location (jsonb) as given', async () => {
    const location = {
      address: 'Limassol Marina, Limassol, Cyprus',
      coordinates: { lat: 34.6712, lng: 33.0431 },
      addressCoordinates: { lat: 34.6706, lng: 33.0426 },
      addressViewport: [34.66, 33.03, 34.68, 33.05],
      zoom: 15,
    };
    const response = await submit(
      { ...valid(), date: '2026-09-14', time: '21:30', location },
      creator.cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(await stored(response.json().id)).toEqual({ date: '2026-09-14', time: '21:30', location });
    // The video page gives them back the same.
    await t.db
      .updateTable('videos')
      .set({ status: 'approved' })
      .where('id', '=', response.json().id)
      .execute();
    const page = (await t.app.inject(`/api/videos/${response.json().id}`)).json();
    expect(page).toMatchObject({ date: '2026-09-14', time: '21:30', location });
  });

  it('gives a date that is not one a single message', async () => {
    const response = await submit({ ...valid(), date: '9999-99-99' }, creator.cookie);
    expect(response.json().fields).toEqual([{ field: 'date', message: 'upload.errors.dateInvalid' }]);
  });

  it('keeps an address without coordinates (the geocoder was unreachable), with the default zoom', async () => {
    const response = await submit(
      {
        ...valid(),
        date: '',
        time: '',
        location: { address: 'Kyrenia Avenue 5, Nicosia', coordinates: null },
      },
      creator.cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(await stored(response.json().id)).toEqual({
      date: null,
      time: null,
      location: { address: 'Kyrenia Avenue 5, Nicosia', coordinates: null, zoom: 12 },
    });
  });

  it('stores nothing for an empty place, and takes today as the date', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await submit(
      { ...valid(), date: today, location: { address: '  ', coordinates: null } },
      creator.cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(await stored(response.json().id)).toEqual({ date: today, time: null, location: null });
  });

  const nextWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  it.each([
    [{ date: '14/09/2026' }, 'date', 'upload.errors.dateInvalid'],
    [{ date: '2026-02-30' }, 'date', 'upload.errors.dateInvalid'],
    [{ date: nextWeek }, 'date', 'upload.errors.dateInFuture'],
    [{ date: '9999-99-99' }, 'date', 'upload.errors.dateInvalid'],
    [{ time: '24:00' }, 'time', 'upload.errors.timeInvalid'],
    [{ time: '9:30' }, 'time', 'upload.errors.timeInvalid'],
    [
      { location: { address: 'x'.repeat(301), coordinates: null } },
      'location.address',
      'upload.errors.addressTooLong',
    ],
    [
      { location: { address: 'Sea', coordinates: { lat: 91, lng: 0 } } },
      'location.coordinates.lat',
      'upload.errors.locationInvalid',
    ],
    [
      { location: { address: 'Sea', coordinates: { lat: 'north', lng: 0 } } },
      'location.coordinates.lat',
      'upload.errors.locationInvalid',
    ],
    [
      { location: { address: 'Sea', coordinates: null, zoom: 30 } },
      'location.zoom',
      'upload.errors.locationInvalid',
    ],
    [{ location: 'Limassol' }, 'location', 'upload.errors.locationInvalid'],
  ])('refuses %j with %s: %s', refusesWith);
});
