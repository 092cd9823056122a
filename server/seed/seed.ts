import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely, Transaction } from 'kysely';
import { MAP_DEFAULT_ZOOM } from '../../common/constants';
import { usernameAlias } from '../../common/contracts/verification';
import { extractThumbnail, renderTestVideo } from '../adapters/media/ffmpeg';
import type { Storage } from '../adapters/storage/storage';
import { TV_OWNER_ID } from '../db/migrations/0008-tv';
import type { DB } from '../db/schema';
import { searchColumns } from '../db/search-columns';
import { ledgerRepository } from '../repositories/ledger.repository';
import { licensePaymentsRepository } from '../repositories/license-payments.repository';
import {
  withdrawalRequestsAdminRepository,
  withdrawalRequestsRepository,
} from '../repositories/withdrawal-requests.repository';
import { recordSale } from '../services/licensing/license-sale';
import { syncKeywordSummary } from '../services/videos/keyword-summary-sync';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_BILLING,
  DEMO_LICENSE_REQUESTS,
  DEMO_USERS,
  DEMO_VIDEOS,
  DEMO_WITHDRAWALS,
  type DemoUser,
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

export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('id', '<>', TV_OWNER_ID) // the system account a migration creates is nobody's data
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** Fills an empty database with the demo community, with real, playable video files and thumbnails. */
export async function seedDemoData(db: Kysely<DB>, storage: Storage): Promise<SeedResult> {
  const password = crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
  try {
    const clips = await Promise.all(
      DEMO_VIDEOS.map(async (video, index) => {
        const id = crypto.randomUUID();
        const videoFile = path.join(work, `${id}.mp4`);
        const thumbFile = path.join(work, `${id}.jpg`);
        await renderTestVideo(video.source, CLIP_SECONDS, videoFile);
        await extractThumbnail(videoFile, thumbFile, 2 + (index % 3));
        const bytes = await fs.readFile(videoFile);
        await storage.put(`videos/${id}.mp4`, bytes, 'video/mp4');
        await storage.put(`video_thumbnails/${id}.jpg`, await fs.readFile(thumbFile), 'image/jpeg');
        const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
        return { id, video, size: bytes.length, sha256 };
      }),
    );

    await db.transaction().execute(async (trx) => {
      const ids = new Map<string, string>();
      for (const user of DEMO_USERS) {
        const id = crypto.randomUUID();
        ids.set(user.key, id);
        await trx
          .insertInto('users')
          .values({
            id,
            name: user.name,
            email: user.email,
            email_verified: true,
            rights: user.rights,
            language: user.language,
            referrer_id: user.referrer ? (ids.get(user.referrer) ?? null) : null,
            image: null,
            phone_number: user.verification?.phoneNumber ?? null,
          })
          .execute();
        if (user.verification) await seedVerifiedProfile(trx, id, user);
        await trx
          .insertInto('accounts')
          .values({
            id: crypto.randomUUID(),
            user_id: id,
            account_id: id,
            provider_id: 'credential',
            password: passwordHash,
          })
          .execute();
      }
      const now = Date.now();
      for (const { id, video, size, sha256 } of clips) {
        await trx
          .insertInto('videos')
          .values({
            id,
            user_id: ids.get(video.owner)!,
            title: video.title,
            description: video.description,
            keywords: video.keywords,
            ...searchColumns(video),
            file_name: `${video.title}.mp4`,
            path: `videos/${id}.mp4`,
            thumbnail: `video_thumbnails/${id}.jpg`,
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
            // The server queues pending previews as it starts: making nine here doubled the first start.
            preview_status: 'pending',
            edit_author_id: video.editedBy ? (ids.get(video.editedBy) ?? null) : null,
            edit_date: video.editedBy ? new Date(now - (video.daysAgo - 0.5) * DAY_MS) : null,
            created_at: new Date(now - video.daysAgo * DAY_MS),
          })
          .execute();
        // The popular keywords of the home page come from the summary: only publicly listed videos count.
        await syncKeywordSummary(trx, null, { keywords: video.keywords, status: video.status });
      }
      const videoIds = new Map(clips.map(({ id, video }) => [video.title, id]));
      await seedLicenseRequests(trx, ids, videoIds, now);
      await seedWithdrawals(trx, ids, now);
    });
    return { adminEmail: DEMO_ADMIN_EMAIL, password, users: DEMO_USERS.length, videos: DEMO_VIDEOS.length };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** The account, profile and username of a demo user who finished the verification. */
async function seedVerifiedProfile(trx: Transaction<DB>, userId: string, user: DemoUser) {
  const verification = user.verification!;
  await trx
    .insertInto('user_accounts')
    .values({
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
    })
    .execute();
  await trx
    .insertInto('user_profiles')
    .values({ user_id: userId, name: user.name, bio: verification.bio, is_verified: true })
    .execute();
  await trx
    .insertInto('user_aliases')
    .values({ alias: usernameAlias(user.name), user_id: userId })
    .execute();
}

/** The demo buyers' billing addresses and license requests, with their conversations. */
/** The ledger rows of a demo sale, written by the code a real payment runs, dated when it was paid. */
async function seedSale(trx: Transaction<DB>, requestId: string, paidAt: Date) {
  const request = await licensePaymentsRepository(trx).find(requestId);
  if (!request?.price_cents) throw new Error(`demo sale ${requestId} has no price`);
  const creator = await trx
    .selectFrom('users')
    .select('referrer_id')
    .where('id', '=', request.creator_id)
    .executeTakeFirstOrThrow();
  await recordSale(
    trx,
    { ...request, price_cents: request.price_cents },
    { referrerId: creator.referrer_id },
    paidAt,
  );
  await trx
    .updateTable('transactions')
    .set({ created_at: paidAt })
    .where('license_request_id', '=', requestId)
    .execute();
}

/** The demo withdrawals: reserved in the ledger as a member's request is, the paid one completed. */
async function seedWithdrawals(trx: Transaction<DB>, users: Map<string, string>, now: number) {
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
    await trx
      .updateTable('withdrawal_requests')
      .set({ created_at: at })
      .where('id', '=', request.id)
      .execute();
    await trx
      .updateTable('transactions')
      .set({ created_at: at })
      .where('withdrawal_request_id', '=', request.id)
      .execute();
  }
}

async function seedLicenseRequests(
  trx: Transaction<DB>,
  users: Map<string, string>,
  videos: Map<string, string>,
  now: number,
) {
  const admin = users.get('admin')!;
  const addresses = new Map<string, Record<string, unknown>>();
  for (const [key, address] of Object.entries(DEMO_BILLING)) {
    await trx
      .insertInto('billing_addresses')
      .values({ ...address, user_id: users.get(key)!, is_default: true })
      .execute();
    addresses.set(key, {
      name: address.name,
      address: address.address,
      city: address.city,
      state: '',
      postalCode: address.postal_code,
      country: address.country,
      contactEmail: address.contact_email,
      contactPhone: address.contact_phone,
      vatNumber: address.vat_number,
    });
  }
  for (const request of DEMO_LICENSE_REQUESTS) {
    const type = await trx
      .selectFrom('license_types')
      .selectAll()
      .where('scope', '=', request.scope)
      .executeTakeFirstOrThrow();
    const buyer = users.get(request.buyer)!;
    const created = new Date(now - request.daysAgo * DAY_MS);
    const later = new Date(created.getTime() + 60 * 60 * 1000);
    const { id } = await trx
      .insertInto('license_requests')
      .values({
        video_id: videos.get(request.video)!,
        buyer_id: buyer,
        license_type_id: type.id,
        license_type_snapshot: JSON.stringify({
          name_en: type.name_en,
          name_el: type.name_el,
          description_en: type.description_en,
          description_el: type.description_el,
          scope: type.scope,
        }),
        usage: request.usage,
        billing_address: JSON.stringify(addresses.get(request.buyer)),
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (request.status === 'completed') await seedSale(trx, id, later);
    let minute = 0;
    for (const message of request.messages ?? []) {
      await trx
        .insertInto('license_messages')
        .values({
          license_request_id: id,
          author_id: message.from === 'buyer' ? buyer : admin,
          body: message.body,
          created_at: new Date(created.getTime() + ++minute * 10 * 60 * 1000),
        })
        .execute();
    }
  }
}
