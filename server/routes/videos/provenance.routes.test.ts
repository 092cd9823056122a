import { beforeAll, describe, expect, it } from 'vitest';
import type { CaptureMetadata, VideoProvenance } from '../../../common/contracts/capture-metadata';
import type { VideoDetail } from '../../../common/contracts/videos';
import { RE_ENCODED } from '../../../tests/support/capture-metadata';
import { createUser, createVideo } from '../../../tests/support/factories';
import { createLicenseRequest } from '../../../tests/support/licensing-factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

/**
 * GET /api/videos/{id}/provenance, the "From the file" card (issue 33): what the original says of its
 * filming beside what its creator typed, for staff, license managers and holders of a completed license.
 */
type User = { id: string; cookie: string };
const t = setUpTestApp();
const users = {} as Record<'owner' | 'stranger' | 'buyer' | 'refunded' | 'staff' | 'manager', User>;
const ids = { tagged: '', bare: '', hidden: '' };

/** An iPhone's clip filmed in Nicosia on 20 November 2026 at 14:03 local time. */
const IPHONE: CaptureMetadata = {
  capturedAt: '2026-11-20T12:03:11.000Z',
  capturedOffset: '+02:00',
  location: { lat: 35.1856, lng: 33.3823, altitudeMetres: 160 },
  device: 'Apple iPhone 15 Pro',
  software: '17.1',
  encoder: null,
  editedWith: null,
};
const SHA256 = 'a'.repeat(64);

beforeAll(async () => {
  users.owner = await signUp(t, { email: 'prov-owner@example.com' });
  users.stranger = await signUp(t, { email: 'prov-stranger@example.com' });
  users.buyer = await signUp(t, { email: 'prov-buyer@example.com' });
  users.refunded = await signUp(t, { email: 'prov-refunded@example.com' });
  users.staff = await createUser(t, { email: 'prov-staff@example.com', rights: ['manage_videos'] });
  users.manager = await createUser(t, { email: 'prov-manager@example.com', rights: ['manage_licenses'] });
  // Typed: a week later than the file says, in Limassol (about 65 km from the file's fix).
  ids.tagged = await createVideo(t.db, users.owner.id, {
    status: 'ready',
    date: '2026-11-27',
    time: '18:00',
    location: JSON.stringify({
      address: 'Limassol Marina',
      coordinates: { lat: 34.6706, lng: 33.0426 },
      zoom: 12,
    }),
    capture_metadata: JSON.stringify(IPHONE),
    sha256: SHA256,
    size_bytes: 48_213_004,
  });
  ids.bare = await createVideo(t.db, users.owner.id, {
    status: 'ready',
    date: '2026-11-20',
    capture_metadata: JSON.stringify(RE_ENCODED),
  });
  ids.hidden = await createVideo(t.db, users.owner.id, {
    status: 'not_verified',
    capture_metadata: JSON.stringify(IPHONE),
  });
  await createLicenseRequest(t.db, { videoId: ids.tagged, buyerId: users.buyer.id, status: 'completed' });
  // A refunded sale is cancelled: its buyer holds no license.
  await createLicenseRequest(t.db, { videoId: ids.tagged, buyerId: users.refunded.id, status: 'cancelled' });
});

const provenance = (videoId: string, user?: User) =>
  t.send('GET', `/api/videos/${videoId}/provenance`, { cookie: user?.cookie });

describe('the "From the file" card', () => {
  it('tells staff when and where the file says it was filmed, on what, and how far that is from what was typed', async () => {
    const response = await provenance(ids.tagged, users.staff);
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json() as VideoProvenance;
    expect(card).toMatchObject({
      capture: IPHONE,
      sha256: SHA256,
      sizeBytes: 48_213_004,
      typed: {
        date: '2026-11-27',
        time: '18:00',
        address: 'Limassol Marina',
        coordinates: { lat: 34.6706, lng: 33.0426 },
      },
      differences: { days: 7, dateDiffers: true, placeDiffers: true },
    });
    expect(card.differences.kilometres).toBeGreaterThan(60);
    expect(card.differences.kilometres).toBeLessThan(70);
    expect(Date.parse(card.uploadedAt)).not.toBeNaN();
  });

  it('says nothing of time and place when the file carries none, and names the software that re-encoded it', async () => {
    const card = (await provenance(ids.bare, users.manager)).json() as VideoProvenance;
    expect(card.capture).toMatchObject({
      capturedAt: null,
      location: null,
      device: null,
      editedWith: 'FFmpeg',
    });
    expect(card.differences).toEqual({
      days: null,
      kilometres: null,
      dateDiffers: false,
      placeDiffers: false,
    });
  });

  it('is for staff, license managers and a holder of a completed license; the page says who may read it', async () => {
    const expected: [keyof typeof users | 'visitor', number][] = [
      ['visitor', 401],
      ['stranger', 403],
      ['owner', 403],
      ['refunded', 403],
      ['buyer', 200],
      ['manager', 200],
      ['staff', 200],
    ];
    for (const [who, status] of expected) {
      const user = who === 'visitor' ? undefined : users[who];
      expect((await provenance(ids.tagged, user)).statusCode, who).toBe(status);
      if (who === 'visitor') continue;
      const page = (
        await t.send('GET', `/api/videos/${ids.tagged}`, { cookie: user?.cookie })
      ).json() as VideoDetail;
      expect(page.abilities.provenance, who).toBe(status === 200);
    }
  });

  it('says what the check for copies found, to the buyer too, but never which video it resembles', async () => {
    const card = async () => (await provenance(ids.tagged, users.buyer)).json() as VideoProvenance;
    expect((await card()).copyCheck).toBe('not_checked');
    await t.db
      .insertInto('video_fingerprints')
      .values(
        [ids.tagged, ids.bare].map((id) => ({
          video_id: id,
          rate: 2,
          frames: Buffer.alloc(8),
          mirrored: Buffer.alloc(8),
        })),
      )
      .execute();
    expect((await card()).copyCheck).toBe('no_copy');
    await t.db
      .insertInto('video_copy_matches')
      .values({
        video_id: ids.tagged,
        original_id: ids.bare,
        starts_at: 0,
        ends_at: 4,
        original_starts_at: 0,
        original_ends_at: 4,
        score: 0.9,
        mirrored: false,
      })
      .execute();
    const flagged = await provenance(ids.tagged, users.buyer);
    expect((flagged.json() as VideoProvenance).copyCheck).toBe('possible_copy');
    expect(flagged.body).not.toContain(ids.bare);
    await t.db
      .updateTable('video_copy_matches')
      .set({ decision: 'not_a_copy' })
      .where('video_id', '=', ids.tagged)
      .execute();
    expect((await card()).copyCheck).toBe('not_a_copy');
    await t.db.deleteFrom('video_copy_matches').where('video_id', '=', ids.tagged).execute();
  });

  it('answers a video the caller cannot see as not found, however its file is tagged', async () => {
    expect((await provenance(ids.hidden, users.stranger)).statusCode).toBe(404);
    expect((await provenance(ids.hidden, users.staff)).statusCode).toBe(200);
  });
});
