import type {
  BillingAddressCopy,
  LicenseMessage,
  LicenseRequestAbilities,
  LicenseRequestDetail,
  LicenseRequestSummary,
  LicenseStatus,
  LicenseType,
} from '../../../common/contracts/licenses';
import type { VideoCard } from '../../../common/contracts/videos';
import type { Storage } from '../../adapters/storage/storage';
import type { LicenseMessageRow } from '../../repositories/license-messages.repository';
import type { LicenseRequestRow } from '../../repositories/license-requests.repository';
import type { LicenseTypeRow } from '../../repositories/license-types.repository';
import { licenseTypeTexts } from './license-snapshot';

export function presentLicenseType(row: LicenseTypeRow): LicenseType {
  return {
    id: row.id,
    nameEn: row.name_en,
    nameEl: row.name_el,
    descriptionEn: row.description_en,
    descriptionEl: row.description_el,
    scope: row.scope as LicenseType['scope'],
    priceCents: row.price_cents,
  };
}

export function presentLicenseSummary(row: LicenseRequestRow, storage: Storage): LicenseRequestSummary {
  return {
    id: row.id,
    status: row.status as LicenseStatus,
    priceCents: row.price_cents,
    currency: row.currency,
    type: licenseTypeTexts(row.license_type_snapshot),
    video: {
      id: row.video_id,
      title: row.video_title,
      thumbnailUrl: row.video_thumbnail ? storage.publicUrl(row.video_thumbnail) : null,
    },
    buyer: { id: row.buyer_id, name: row.buyer_name },
    createdAt: row.created_at.toISOString(),
    refunded: row.refunded_at !== null,
    bundleId: row.bundle_id,
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentLicenseDetail(
  row: LicenseRequestRow,
  storage: Storage,
  extra: {
    videoCard: VideoCard | null;
    abilities: LicenseRequestAbilities;
    refundableUntil?: Date | null;
  },
): LicenseRequestDetail {
  return {
    ...presentLicenseSummary(row, storage),
    usage: row.usage,
    billingAddress: row.billing_address as BillingAddressCopy,
    videoCard: extra.videoCard,
    cancelReason: row.cancel_reason,
    cancelledAt: iso(row.cancelled_at),
    quotedAt: iso(row.quoted_at),
    completedAt: iso(row.completed_at),
    refundedAt: iso(row.refunded_at),
    refundReason: row.refund_reason,
    refundableUntil: iso(extra.refundableUntil ?? null),
    abilities: extra.abilities,
  };
}

/** A message; `fromManager` is anyone but the buyer (only the buyer and managers may write). */
export function presentLicenseMessage(
  row: LicenseMessageRow | (Omit<LicenseMessageRow, 'author_name'> & { author_name?: string | null }),
  buyerId: string,
  callerId: string,
): LicenseMessage {
  return {
    id: row.id,
    body: row.body,
    author: row.author_id ? { id: row.author_id, name: row.author_name ?? '' } : null,
    fromManager: row.author_id !== buyerId,
    mine: row.author_id === callerId,
    createdAt: row.created_at.toISOString(),
  };
}
