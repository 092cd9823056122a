import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { MAP_DEFAULT_ZOOM } from '../../common/constants';
import type { CaptureMetadata } from '../../common/contracts/capture-metadata';
import { usernameAlias } from '../../common/contracts/verification';
import { PUBLIC_VIDEO_STATUSES, type VideoStatus } from '../../common/video-status';
import { readCaptureMetadata } from '../adapters/media/capture-metadata';
import { extractThumbnail, renderTestVideo } from '../adapters/media/ffmpeg';
import { type Fingerprint, fingerprintOf } from '../adapters/media/fingerprint';
import { storeThumbnail } from '../adapters/media/thumbnail-variants';
import type { Storage } from '../adapters/storage/storage';
import { searchColumns } from '../db/search-columns';
import { previewPath, renderPreviewFile } from '../jobs/video-preview.job';
import { demoDataRepository } from '../repositories/demo-data.repository';
import { type Executor, inTransaction, type Tx } from '../repositories/executor';
import { ledgerRepository } from '../repositories/ledger.repository';
import { licenseMessagesRepository } from '../repositories/license-messages.repository';
import { licensePaymentsRepository } from '../repositories/license-payments.repository';
import { licenseRequestsRepository } from '../repositories/license-requests.repository';
import { videoFingerprintsRepository } from '../repositories/video-fingerprints.repository';
import {
  withdrawalRequestsAdminRepository,
  withdrawalRequestsRepository,
} from '../repositories/withdrawal-requests.repository';
import { recordSale } from '../services/licensing/license-sale';
import { snapshotOfBilling, snapshotOfType } from '../services/licensing/license-snapshot';
import { findCopy, indexRows, storedFingerprint } from '../services/videos/copy-finder';
import { syncKeywordSummary } from '../services/videos/keyword-summary-sync';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_BILLING,
  DEMO_LICENSE_REQUESTS,
  DEMO_USERS,
  DEMO_VIDEOS,
  DEMO_WITHDRAWALS,
  type DemoUser,
  phoneTags,
} from './demo-data';

const CLIP_SECONDS = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedResult {
  adminEmail: string;
  /** One random password for every demo account, made now and never stored in clear. */
  password: string;
  users: number;
  videos: number;
}

/** No one has signed up yet: the seed's moment. */
export const isEmpty = (db: Executor): Promise<boolean> => demoDataRepository(db).isEmpty();

/** A demo video's files, made before the database is ready: they need none of it. */
export interface DemoClip {
  id: string;
  video: (typeof DEMO_VIDEOS)[number];
  original: Buffer;
  thumbnail: Buffer;
  /** What the clip's tags say of its filming, read as the processing job reads an upload's. */
  capture: CaptureMetadata;
  /** The watermarked preview, made as the preview job makes it and stored with the clip. */
  preview: { file: Buffer; width: number; height: number };
  /** Its frames' fingerprint, as processing makes it: the demo's library for the copy check. */
  fingerprint: Fingerprint;
}

/**
 * Renders the demo's clips, their thumbnails and their previews. Made here rather than queued, so a
 * visitor can play the demo the moment the site first answers (queued, the previews came one after the
 * other, seconds later); main.ts starts this while a new embedded database is being created.
 */
export async function renderDemoClips(): Promise<DemoClip[]> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
  try {
    return await Promise.all(
      DEMO_VIDEOS.map(async (video, index) => {
        const id = crypto.randomUUID();
        const clipDir = await fs.mkdtemp(path.join(work, 'clip-'));
        const videoFile = path.join(clipDir, 'original.mp4');
        const thumbFile = path.join(clipDir, 'thumbnail.jpg');
        await renderTestVideo(video.source, CLIP_SECONDS, videoFile, {
          tags: phoneTags(video),
          preset: video.preset,
        });
        await extractThumbnail(videoFile, thumbFile, 2 + (index % 3));
        const preview = await renderPreviewFile(videoFile, clipDir, { nice: false, timeoutMs: 120_000 });
        if ('error' in preview)
          throw new Error(`the demo clip "${video.title}" has no preview: ${preview.error}`);
        return {
          id,
          video,
          original: await fs.readFile(videoFile),
          thumbnail: await fs.readFile(thumbFile),
          capture: await readCaptureMetadata(videoFile),
          fingerprint: await fingerprintOf(videoFile, CLIP_SECONDS),
          preview: { file: await fs.readFile(preview.file), ...preview.size },
        };
      }),
    );
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Fills an empty database with the demo community, with real, playable video files and thumbnails. */
export async function seedDemoData(
  db: Executor,
  storage: Storage,
  rendered: Promise<DemoClip[]> = renderDemoClips(),
): Promise<SeedResult> {
  const password = crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const clips = await Promise.all(
    (await rendered).map(async ({ id, video, original, thumbnail, preview, capture, fingerprint }) => {
      await storage.put(`videos/${id}.mp4`, original, 'video/mp4');
      await storeThumbnail(storage, `video_thumbnails/${id}.jpg`, thumbnail);
      await storage.put(previewPath(id), preview.file, 'video/mp4');
      const sha256 = crypto.createHash('sha256').update(original).digest('hex');
      return {
        id,
        video,
        capture,
        fingerprint,
        size: original.length,
        sha256,
        preview: { width: preview.width, height: preview.height, bytes: preview.file.length },
      };
    }),
  );

  await inTransaction(db, async (trx) => {
    const demo = demoDataRepository(trx);
    const ids = new Map<string, string>();
    for (const user of DEMO_USERS) {
      const id = crypto.randomUUID();
      ids.set(user.key, id);
      await demo.addMember(
        {
          id,
          name: user.name,
          email: user.email,
          email_verified: true,
          rights: user.rights,
          language: user.language,
          referrer_id: user.referrer ? (ids.get(user.referrer) ?? null) : null,
          image: null,
          phone_number: user.verification?.phoneNumber ?? null,
        },
        passwordHash,
      );
      if (user.verification) await seedVerifiedProfile(trx, id, user);
    }
    const now = Date.now();
    for (const { id, video, size, sha256, preview, capture } of clips) {
      await demo.addVideo({
        id,
        user_id: ids.get(video.owner)!,
        title: video.title,
        description: video.description,
        keywords: video.keywords,
        ...searchColumns(video),
        file_name: `${video.title}.mp4`,
        path: `videos/${id}.mp4`,
        thumbnail: `video_thumbnails/${id}.jpg`,
        thumbnail_variants: true,
        duration: `PT${CLIP_SECONDS}S`,
        date: video.date,
        time: video.time ?? null,
        location: video.place
          ? JSON.stringify({
              address: video.place.address,
              coordinates: { lat: video.place.lat, lng: video.place.lng },
              addressCoordinates: { lat: video.place.lat, lng: video.place.lng },
              zoom: MAP_DEFAULT_ZOOM,
            })
          : null,
        status: video.status,
        size_bytes: size,
        sha256,
        capture_metadata: JSON.stringify(capture),
        preview_status: 'ready',
        preview_key: previewPath(id),
        preview_width: preview.width,
        preview_height: preview.height,
        preview_size_bytes: preview.bytes,
        edit_author_id: video.editedBy ? (ids.get(video.editedBy) ?? null) : null,
        edit_date: video.editedBy ? new Date(now - (video.daysAgo - 0.5) * DAY_MS) : null,
        created_at: new Date(now - video.daysAgo * DAY_MS),
      });
      // The popular keywords of the home page come from the summary: only publicly listed videos count.
      await syncKeywordSummary(trx, null, { keywords: video.keywords, status: video.status });
    }
    await seedFingerprints(trx, clips);
    await seedAudience(trx, clips, now);
    const videoIds = new Map(clips.map(({ id, video }) => [video.title, id]));
    await seedLicenseRequests(trx, ids, videoIds, now);
    await seedWithdrawals(trx, ids, now);
  });
  return { adminEmail: DEMO_ADMIN_EMAIL, password, users: DEMO_USERS.length, videos: DEMO_VIDEOS.length };
}

/**
 * The demo's videos join the copy check's library oldest first, each checked against the ones before it
 * as processing checks an upload: the review queue shows what it finds.
 */
async function seedFingerprints(
  trx: Tx,
  clips: { id: string; video: { daysAgo: number }; fingerprint: Fingerprint }[],
) {
  const fingerprints = videoFingerprintsRepository(trx);
  for (const { id, fingerprint } of [...clips].sort((a, b) => b.video.daysAgo - a.video.daysAgo)) {
    const copy = await findCopy(trx, id, fingerprint);
    await fingerprints.save(id, storedFingerprint(fingerprint), indexRows(fingerprint));
    await fingerprints.saveMatch(id, copy);
  }
}

/**
 * Each public demo video's audience from its upload day to yesterday (search appearances, page opens,
 * views), so that a demo creator's analytics have a history to chart; today's counts are left to real
 * visitors. Made-up figures, like the rest of the demo, the same on every first start.
 */
async function seedAudience(
  trx: Tx,
  clips: { id: string; video: (typeof DEMO_VIDEOS)[number] }[],
  now: number,
) {
  const rows = clips
    .filter(({ video }) => PUBLIC_VIDEO_STATUSES.includes(video.status as VideoStatus))
    .flatMap(({ id, video }, index) =>
      Array.from({ length: video.daysAgo }, (_, age) => ({
        video_id: id,
        day: new Date(now - (age + 1) * DAY_MS).toISOString().slice(0, 10),
        appearances: 30 + ((index * 37 + age * 11) % 40),
        opens: 4 + ((index * 13 + age * 7) % 9),
        views: 1 + ((index * 5 + age * 7) % 4),
      })),
    );
  await demoDataRepository(trx).addDailyStats(rows);
}

/** The account, profile and username of a demo user who finished the verification. */
async function seedVerifiedProfile(trx: Tx, userId: string, user: DemoUser) {
  const verification = user.verification!;
  await demoDataRepository(trx).addVerification(
    {
      user_id: userId,
      name: user.name,
      role: verification.role,
      country: verification.country,
      instagram: null,
      is_business_account: false,
      company_name: null,
      is_policy_agreed: true,
      is_age_restriction_agreed: true,
      is_verified: true,
    },
    { user_id: userId, name: user.name, bio: verification.bio, is_verified: true },
    usernameAlias(user.name),
  );
}

/** The ledger rows of a demo sale, written by the code a real payment runs, dated when it was paid. */
async function seedSale(trx: Tx, requestId: string, paidAt: Date) {
  const request = await licensePaymentsRepository(trx).find(requestId);
  if (!request?.price_cents) throw new Error(`demo sale ${requestId} has no price`);
  const demo = demoDataRepository(trx);
  const referrerId = await demo.referrerOf(request.creator_id);
  await recordSale(trx, { ...request, price_cents: request.price_cents }, { referrerId }, paidAt);
  await demo.backdateSale(requestId, paidAt);
}

/** The demo withdrawals: reserved in the ledger as a member's request is, the paid one completed. */
async function seedWithdrawals(trx: Tx, users: Map<string, string>, now: number) {
  const admin = users.get('admin')!;
  for (const withdrawal of DEMO_WITHDRAWALS) {
    const userId = users.get(withdrawal.user)!;
    const at = new Date(now - withdrawal.daysAgo * DAY_MS);
    const request = await withdrawalRequestsRepository(trx).create({
      userId,
      amountCents: withdrawal.amountCents,
      currency: 'EUR',
      method: 'bank_transfer',
      payoutDetails: { iban: 'CY17002001280000001200527600', holder: 'Andreas Christou' },
    });
    await ledgerRepository(trx).addWithdrawal({
      userId,
      amountCents: withdrawal.amountCents,
      currency: 'EUR',
      withdrawalRequestId: request.id,
    });
    if (withdrawal.status === 'completed') {
      const decided = withdrawalRequestsAdminRepository(trx);
      await decided.markProcessing(request.id, 'manual', admin);
      await decided.complete(request.id, withdrawal.reference, admin);
      await ledgerRepository(trx).moveWithdrawalRow(request.id, ['pending'], 'completed');
    }
    await demoDataRepository(trx).backdateWithdrawal(request.id, at);
  }
}

/** The demo buyers' billing addresses and license requests, with their conversations. */
async function seedLicenseRequests(
  trx: Tx,
  users: Map<string, string>,
  videos: Map<string, string>,
  now: number,
) {
  const admin = users.get('admin')!;
  const demo = demoDataRepository(trx);
  const addresses = new Map<string, string>();
  for (const [key, address] of Object.entries(DEMO_BILLING)) {
    await demo.addBillingAddress({ ...address, user_id: users.get(key)!, is_default: true });
    addresses.set(key, snapshotOfBilling({ ...address, state: '' }));
  }
  for (const request of DEMO_LICENSE_REQUESTS) {
    const type = await demo.licenseTypeOfScope(request.scope);
    const buyer = users.get(request.buyer)!;
    const created = new Date(now - request.daysAgo * DAY_MS);
    const later = new Date(created.getTime() + 60 * 60 * 1000);
    const { id } = await licenseRequestsRepository(trx).create({
      video_id: videos.get(request.video)!,
      buyer_id: buyer,
      license_type_id: type.id,
      license_type_snapshot: snapshotOfType(type),
      usage: request.usage,
      billing_address: addresses.get(request.buyer)!,
      status: request.status,
      price_cents: request.quoteCents ?? type.price_cents,
      currency: 'EUR',
      creator_share_percent: 50,
      referral_bonus_percent: 10,
      refund_window_days: 14,
      quoted_by: request.quoteCents ? admin : null,
      quoted_at: request.quoteCents ? later : null,
      cancelled_by: request.status === 'cancelled' ? buyer : null,
      cancelled_at: request.status === 'cancelled' ? later : null,
      cancel_reason: request.cancelReason ?? null,
      ...(request.status === 'completed' && {
        payment_provider: 'sandbox',
        checkout_session_id: `cs_sbx_demo_${crypto.randomBytes(12).toString('base64url')}`,
        completed_at: later,
      }),
      created_at: created,
      updated_at: later,
    });
    if (request.status === 'completed') await seedSale(trx, id, later);
    let minute = 0;
    for (const message of request.messages ?? []) {
      const at = new Date(created.getTime() + ++minute * 10 * 60 * 1000);
      await licenseMessagesRepository(trx).add(
        id,
        message.from === 'buyer' ? buyer : admin,
        message.body,
        at,
      );
    }
  }
}
