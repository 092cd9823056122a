import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jpegDataUrl, pngDataUrl } from '../../../tests/support/images';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import {
  createFreeVideo,
  createTvUpload,
  freeVideo,
  freshAddress,
  NOTHING,
  openSubmission,
  type Pending,
  patchTvUpload,
  putPart,
  TV_HOST,
  tracesOf,
  tvHeaders,
  uploadTvFile,
} from '../../../tests/support/tv';
import { createUploadStore } from '../../adapters/uploads/upload-store-factory';
import { isEmpty } from '../../seed/seed';
import { TV_OWNER_ID } from '../../services/tv/tv-submission.service';

const MAX_BYTES = 256 * 1024;
const videoBytes = () => crypto.randomBytes(4096);

const t = setUpTestApp({ TV_HOSTNAMES: TV_HOST, UPLOAD_MAX_BYTES: String(MAX_BYTES) });

/** A submission with all three parts sent, ready for createFreeVideo. */
async function readySubmission(): Promise<Pending> {
  const pending = await openSubmission(t);
  expect((await uploadTvFile(t, pending, videoBytes())).statusCode).toBe(204);
  expect((await putPart(t, pending, 'thumbnail', await jpegDataUrl())).statusCode).toBe(204);
  expect((await putPart(t, pending, 'signature', await pngDataUrl())).statusCode).toBe(204);
  return pending;
}

describe('a complete submission', () => {
  it('becomes a video of the TV owner with the owner details, its file, thumbnail and signature', async () => {
    const pending = await readySubmission();
    const created = await createFreeVideo(t, pending, freeVideo(pending.id));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: pending.id });
    const video = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({
      user_id: TV_OWNER_ID,
      title: 'Waves at Lady’s Mile',
      keywords: ['sea', 'storm', 'Limassol'],
      status: 'not_uploaded', // processing makes it not_verified
      path: `videos/${pending.id}.mp4`,
      file_name: 'Clip.MP4',
      thumbnail: `video_thumbnails/${pending.id}.jpg`,
      thumbnail_variants: true,
      signature_path: `signatures/${pending.id}.png`,
      owner_name: 'Eleni Georgiou',
      owner_email: 'eleni@example.com',
      owner_phone: '+35799123456',
      owner_country: 'CY',
      owner_instagram: '@eleni',
      owner_dob: '1990-05-17',
    });
    // Not listed until staff approve it: its keywords are offered to nobody yet.
    const popular = (await t.app.inject('/api/keywords?limit=100')).json().keywords;
    expect(popular.map((k: { keyword: string }) => k.keyword)).not.toContain('limassol');
    expect((await t.app.inject('/api/keywords/suggestions?q=sto')).json().items).toEqual([]);
    expect(await tracesOf(t, pending.id)).toEqual({
      files: [
        `videos/${pending.id}.mp4`,
        `signatures/${pending.id}.png`,
        `video_thumbnails/${pending.id}.jpg`,
        `video_thumbnails/${pending.id}.w320.webp`,
        `video_thumbnails/${pending.id}.w480.webp`,
        `video_thumbnails/${pending.id}.w640.webp`,
      ],
      video: true,
      pending: false,
    });
    // The token is spent: the submission cannot be created twice.
    expect((await createFreeVideo(t, pending, freeVideo(pending.id))).statusCode).toBe(404);
  });

  it('cannot be signed in as: the TV owner has no password and an address that receives no mail', async () => {
    const owner = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', TV_OWNER_ID)
      .executeTakeFirstOrThrow();
    expect(owner.email.endsWith('.invalid')).toBe(true);
    expect(
      await t.db.selectFrom('accounts').select('id').where('user_id', '=', TV_OWNER_ID).execute(),
    ).toEqual([]);
    // Nobody's data: a new database with only this account still gets the demo data.
    expect(await isEmpty(t.db)).toBe(true);
  });
});

describe('validation (SPEC 5, tv.form.errors.*)', () => {
  const cases: [string, (body: ReturnType<typeof freeVideo>) => void, string][] = [
    ['titleRequired', (b) => (b.video.title = '  '), 'video.title'],
    ['titleAllowedChars', (b) => (b.video.title = 'a <b>'), 'video.title'],
    ['titleMaxLength', (b) => (b.video.title = 'x'.repeat(101)), 'video.title'],
    ['descriptionRequired', (b) => (b.video.description = ''), 'video.description'],
    ['descriptionAllowedChars', (b) => (b.video.description = '<script>'), 'video.description'],
    ['descriptionMaxLength', (b) => (b.video.description = 'x'.repeat(5001)), 'video.description'],
    ['fileRequired', (b) => (b.video.fileName = ''), 'video.fileName'],
    ['ownerNameRequired', (b) => (b.owner.name = ''), 'owner.name'],
    ['emailRequired', (b) => (b.owner.email = 'not-an-address'), 'owner.email'],
    ['phoneNumberRequired', (b) => (b.owner.phoneNumber = '123'), 'owner.phoneNumber'],
    ['dobRequired', (b) => (b.owner.dob = '2010-01-01'), 'owner.dob'],
    [
      'termsAgreementRequired',
      (b) => ((b as { isPolicyAgreed: boolean }).isPolicyAgreed = false),
      'isPolicyAgreed',
    ],
  ];
  it.each(cases)('refuses with %s, and the submission is discarded', async (key, spoil, field) => {
    const pending = await readySubmission();
    const body = freeVideo(pending.id);
    spoil(body);
    const response = await createFreeVideo(t, pending, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ field, message: `tv.form.errors.${key}` });
    expect(await tracesOf(t, pending.id)).toEqual(NOTHING);
  });

  it('refuses a drawing that is not a PNG with signatureRequired', async () => {
    const pending = await openSubmission(t);
    const response = await putPart(
      t,
      pending,
      'signature',
      `data:image/png;base64,${Buffer.from('no').toString('base64')}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'signature', message: 'tv.form.errors.signatureRequired' },
    ]);
  });
});

describe('a failure of any of the four parts leaves nothing behind', () => {
  it('the video file: larger than the limit, refused before a byte is stored', async () => {
    const pending = await openSubmission(t);
    await putPart(t, pending, 'thumbnail', await jpegDataUrl());
    await putPart(t, pending, 'signature', await pngDataUrl());
    const { response } = await createTvUpload(t, pending.token, pending.id, MAX_BYTES + 1);
    expect(response.statusCode).toBe(413);
    expect(await tracesOf(t, pending.id)).toEqual(NOTHING);
  });

  it('the video file: never arrived, so createFreeVideo refuses with fileRequired', async () => {
    const pending = await openSubmission(t);
    await putPart(t, pending, 'thumbnail', await jpegDataUrl());
    await putPart(t, pending, 'signature', await pngDataUrl());
    const response = await createFreeVideo(t, pending, freeVideo(pending.id));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ field: 'file', message: 'tv.form.errors.fileRequired' }]);
    expect(await tracesOf(t, pending.id)).toEqual(NOTHING);
  });

  it('the thumbnail: not a JPEG by content', async () => {
    const pending = await openSubmission(t);
    await uploadTvFile(t, pending, videoBytes());
    expect((await tracesOf(t, pending.id)).files).toEqual([`videos/${pending.id}.mp4`]);
    const png = (await pngDataUrl()).replace('image/png', 'image/jpeg');
    expect((await putPart(t, pending, 'thumbnail', png)).statusCode).toBe(400);
    expect(await tracesOf(t, pending.id)).toEqual(NOTHING);
  });

  it('the signature: not a PNG by content', async () => {
    const pending = await openSubmission(t);
    await uploadTvFile(t, pending, videoBytes());
    await putPart(t, pending, 'thumbnail', await jpegDataUrl());
    const jpeg = (await jpegDataUrl()).replace('image/jpeg', 'image/png');
    expect((await putPart(t, pending, 'signature', jpeg)).statusCode).toBe(400);
    expect(await tracesOf(t, pending.id)).toEqual(NOTHING);
  });

  it('the create call: a signature missing', async () => {
    const pending = await openSubmission(t);
    await uploadTvFile(t, pending, videoBytes());
    await putPart(t, pending, 'thumbnail', await jpegDataUrl());
    const response = await createFreeVideo(t, pending, freeVideo(pending.id));
    expect(response.json().fields).toEqual([
      { field: 'signature', message: 'tv.form.errors.signatureRequired' },
    ]);
    expect(await tracesOf(t, pending.id)).toEqual(NOTHING);
  });

  it('an abandoned submission expires with its parts and its unfinished upload', async () => {
    const pending = await openSubmission(t);
    await putPart(t, pending, 'signature', await pngDataUrl());
    const { location } = await createTvUpload(t, pending.token, pending.id, 8192);
    expect((await patchTvUpload(t, pending.token, location, 0, crypto.randomBytes(4096))).statusCode).toBe(
      204,
    );
    const store = await createUploadStore(t.config);
    const uploadId = location.split('/').pop()!;
    t.clock.advance(25 * 60 * 60 * 1000);
    const service = t.app.services.tvSubmissions;
    // Every submission this file opened is a day old now: the cleanup takes exactly those, this one included.
    const opened = (await t.db.selectFrom('tv_submissions').select('id').execute()).map((row) => row.id);
    expect(opened).toContain(pending.id);
    expect(await service.cleanUpExpired()).toBe(opened.length);
    expect(await t.db.selectFrom('tv_submissions').select('id').execute()).toEqual([]);
    expect(await tracesOf(t, pending.id)).toEqual(NOTHING);
    // What tus answers for an upload it no longer has (its FILE_NOT_FOUND).
    await expect(store.getUpload(uploadId)).rejects.toEqual({
      status_code: 404,
      body: 'The file for this url was not found\n',
    });
    t.clock.advance(-25 * 60 * 60 * 1000);
  });
});

describe('abuse of a public form', () => {
  it('needs a solved captcha, spent once', async () => {
    const open = (captcha: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tv/submissions',
        headers: { host: TV_HOST },
        remoteAddress: freshAddress(),
        payload: { captcha },
      });
    expect((await open('forged')).json()).toMatchObject({ code: 'CAPTCHA_FAILED' });
    const payload = await t.solveCaptcha();
    expect((await open(payload)).statusCode).toBe(201);
    const replay = await open(payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'CAPTCHA_FAILED' });
  });

  it('opens at most 10 submissions an hour from one network address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await openSubmission(t, address);
    const eleventh = await t.app.inject({
      method: 'POST',
      url: '/api/tv/submissions',
      headers: { host: TV_HOST },
      remoteAddress: address,
      payload: { captcha: await t.solveCaptcha() },
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it("refuses a submission's parts without its token, or with another submission's token", async () => {
    const mine = await openSubmission(t);
    const theirs = await openSubmission(t);
    const intoTheirs = await createTvUpload(t, mine.token, theirs.id, 4096);
    expect(intoTheirs.response.statusCode).toBe(404);
    const { location } = await createTvUpload(t, theirs.token, theirs.id, 4096);
    expect((await patchTvUpload(t, mine.token, location, 0, videoBytes())).statusCode).toBe(404);
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: tvHeaders(undefined, { 'tus-resumable': '1.0.0' }),
    });
    expect(head.statusCode).toBe(404);
    const borrowed = { id: theirs.id, token: mine.token };
    expect((await putPart(t, borrowed, 'signature', await pngDataUrl())).statusCode).toBe(404);
    expect((await createFreeVideo(t, borrowed, freeVideo(theirs.id))).statusCode).toBe(404);
    // Their submission is untouched and still theirs.
    expect((await patchTvUpload(t, theirs.token, location, 0, videoBytes())).statusCode).toBe(204);
    expect((await tracesOf(t, theirs.id)).files).toEqual([`videos/${theirs.id}.mp4`]);
  });
});
