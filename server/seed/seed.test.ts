import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoLocation } from '../../common/contracts/location';
import { PUBLIC_VIDEO_STATUSES } from '../../common/video-status';
import { createTestDatabase } from '../../tests/support/test-database';
import { localStorage } from '../adapters/storage/local-storage';
import type { Database } from '../db/connection';
import { rebuildKeywordSummary } from '../db/migrations/0009-public-keyword-summary';
import { ledgerRepository } from '../repositories/ledger.repository';
import { checkBooks } from '../services/earnings/books-check';
import { checkLedger } from '../services/earnings/ledger-check';
import { seedDemoData } from './seed';

/** The demo data a newcomer meets on first start: real files, and every detail a video page shows. */
let database: Database;
let dir: string;
const storage = () => localStorage(dir, { secret: 'seed-test-secret-that-is-long-enough-0123456789' });
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
  await seedDemoData(database.db, storage());
}, 300_000); // nine clips rendered with ffmpeg: 25 s idle, minutes beside the whole suite
afterAll(async () => {
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('seedDemoData', () => {
  it('gives every public video a playable file, its watermarked preview, a thumbnail, a duration, paragraphs, a time and a place', async () => {
    const videos = await database.db
      .selectFrom('videos')
      .selectAll()
      .where('status', 'in', PUBLIC_VIDEO_STATUSES)
      .execute();
    expect(videos.length).toBeGreaterThanOrEqual(6);
    for (const video of videos) {
      expect(await storage().size(video.path!)).toBeGreaterThan(10_000);
      expect(await storage().exists(video.thumbnail!)).toBe(true);
      // Visitors play the watermarked preview, made with the clip: the demo plays as soon as the site answers.
      expect([video.preview_status, video.preview_key]).toEqual(['ready', `previews/${video.id}.mp4`]);
      expect(await storage().size(video.preview_key!)).toBe(video.preview_size_bytes);
      expect([video.preview_width, video.preview_height]).toEqual([640, 360]);
      expect(video.duration).toMatch(/^PT\d+S$/);
      expect(video.description).toContain('\n\n');
      expect(video.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(video.time).toMatch(/^\d{2}:\d{2}$/);
      const location = videoLocation.parse(video.location);
      expect(location.coordinates).not.toBeNull();
    }
    const keywords = videos.flatMap((video) => video.keywords);
    expect(keywords.some((keyword) => /[α-ωΑ-Ω]/.test(keyword))).toBe(true);
    expect(keywords.some((keyword) => /^[a-z]+$/.test(keyword))).toBe(true);
    expect(videos.some((video) => video.edit_author_id !== null)).toBe(true);
  });

  it("reads each clip's tags as an upload's: phone clips say when, where and on what; the others name FFmpeg", async () => {
    const videos = await database.db
      .selectFrom('videos')
      .select(['title', 'capture_metadata', 'location'])
      .execute();
    const byTitle = new Map(videos.map((video) => [video.title, video]));
    expect(byTitle.get('Fractal bloom over the marina lights')?.capture_metadata).toEqual({
      capturedAt: '2026-09-14T18:30:00.000Z',
      capturedOffset: '+03:00',
      location: { lat: 34.6706, lng: 33.0426, altitudeMetres: null },
      device: 'Apple iPhone 15 Pro',
      software: '17.1',
      encoder: null,
      editedWith: null,
    });
    // The Paphos clip's file says a week earlier and up the coast: what its card warns about.
    expect(byTitle.get('Κύματα στο λιμάνι της Πάφου')?.capture_metadata).toMatchObject({
      capturedAt: '2026-08-14T15:02:40.000Z',
      location: { lat: 34.8553, lng: 32.3656 },
    });
    expect(byTitle.get('Broadcast colour bars for calibration')?.capture_metadata).toMatchObject({
      capturedAt: null,
      device: null,
      editedWith: 'FFmpeg',
    });
  });

  it('fingerprints every clip for the copy check, and flags the festival clip as the re-encoded test pattern it is; no two files are the same', async () => {
    const fingerprinted = await database.db.selectFrom('video_fingerprints').select('video_id').execute();
    const videos = await database.db.selectFrom('videos').select(['id', 'title', 'user_id']).execute();
    expect(fingerprinted).toHaveLength(videos.length);
    const byId = new Map(videos.map((video) => [video.id, video]));
    const matches = await database.db.selectFrom('video_copy_matches').selectAll().execute();
    // The festival "footage" is the studio's test pattern re-encoded: the same picture in other bytes.
    expect(
      matches.map((m) => [byId.get(m.video_id)?.title, byId.get(m.original_id)?.title, m.decision]),
    ).toEqual([['Street festival on Ledra Street', 'Studio test pattern with moving timecode', null]]);
    expect(matches[0]!.ends_at - matches[0]!.starts_at).toBeGreaterThanOrEqual(5);
    const hashes = await database.db.selectFrom('videos').select('sha256').execute();
    expect(new Set(hashes.map((row) => row.sha256)).size).toBe(hashes.length);
  });

  it('fills the keyword summary the home page reads with the publicly listed videos only', async () => {
    const summary = await database.db.selectFrom('keyword_summary').selectAll().orderBy('keyword').execute();
    const listed = await database.db
      .selectFrom('videos')
      .select('keywords')
      .where('status', 'in', PUBLIC_VIDEO_STATUSES)
      .where('privacy', '=', 'public')
      .execute();
    expect(summary.reduce((sum, row) => sum + row.count, 0)).toBe(
      listed.flatMap((video) => video.keywords).length,
    );
    // The same counts the migration's rebuild gives from the videos.
    await rebuildKeywordSummary(database.db);
    expect(await database.db.selectFrom('keyword_summary').selectAll().orderBy('keyword').execute()).toEqual(
      summary,
    );
  });

  it('gives the demo buyers license requests in several states, each on a licensable video of someone else', async () => {
    const requests = await database.db
      .selectFrom('license_requests as r')
      .innerJoin('videos', 'videos.id', 'r.video_id')
      .select(['r.status', 'r.buyer_id', 'r.price_cents', 'videos.user_id', 'videos.status as video_status'])
      .execute();
    expect(new Set(requests.map((request) => request.status))).toEqual(
      new Set(['open', 'awaiting_payment', 'cancelled', 'completed']),
    );
    for (const request of requests) {
      expect(request.buyer_id).not.toBe(request.user_id);
      expect(['ready', 'yt_uploaded']).toContain(request.video_status);
      if (request.status === 'awaiting_payment') expect(request.price_cents).toBeGreaterThan(0);
    }
    const messages = await database.db.selectFrom('license_messages').select('id').execute();
    expect(messages.length).toBeGreaterThan(0);
  });

  it('starts the money screens with sales, a referral bonus and withdrawals, and the books balance', async () => {
    const idOf = async (email: string) =>
      (
        await database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    const ledger = ledgerRepository(database.db);
    // Andreas: his sale's share of €300 (50 %) and the bonus of Nikos's first sale (10 % of €49), less a
    // paid and a pending withdrawal of €50 each; all of it past the withdrawal delay.
    expect(await ledger.balances(await idOf('andreas@example.com'))).toEqual([
      { currency: 'EUR', availableCents: 15000 + 490 - 5000 - 5000, pendingCents: 0, reservedCents: 5000 },
    ]);
    expect(await ledger.balances(await idOf('nikos@example.com'))).toEqual([
      { currency: 'EUR', availableCents: 2450, pendingCents: 0, reservedCents: 0 },
    ]);
    const withdrawals = await database.db.selectFrom('withdrawal_requests').select('status').execute();
    expect(withdrawals.map((row) => row.status).sort()).toEqual(['completed', 'pending']);
    expect(await checkLedger(database.db)).toEqual([]);
    expect((await checkBooks(database.db)).breaches).toEqual([]);
  });

  it('gives each public video an audience from its upload day to yesterday, for the creators’ analytics', async () => {
    const videos = await database.db
      .selectFrom('videos')
      .select(['id', 'created_at', 'status'])
      .where('status', 'in', PUBLIC_VIDEO_STATUSES)
      .execute();
    const stats = await database.db.selectFrom('video_daily_stats').selectAll().execute();
    const today = new Date().toISOString().slice(0, 10);
    const dayOf = (value: string | Date) => new Date(value).toISOString().slice(0, 10);
    for (const video of videos) {
      const days = stats.filter((row) => row.video_id === video.id).map((row) => dayOf(row.day));
      const uploaded = dayOf(video.created_at);
      const expected = Math.round((Date.parse(today) - Date.parse(uploaded)) / 86_400_000);
      expect(days).toHaveLength(expected);
      expect(days.every((day) => day >= uploaded && day < today)).toBe(true);
    }
    expect(stats.length).toBeGreaterThan(0);
    for (const row of stats) {
      expect(row.views).toBeGreaterThan(0);
      expect(row.views).toBeLessThanOrEqual(row.opens);
      expect(row.opens).toBeLessThanOrEqual(row.appearances);
    }
  });
});
