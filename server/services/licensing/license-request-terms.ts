import { AppError, notFound } from '../../errors';
import type { Caller } from '../../policies/caller';
import { isLicensable } from '../../policies/license.policy';
import { canViewVideo } from '../../policies/video.policy';
import { appSettingsRepository } from '../../repositories/app-settings.repository';
import { billingAddressesRepository } from '../../repositories/billing-addresses.repository';
import type { Executor } from '../../repositories/executor';
import type { NewLicenseRequestRow } from '../../repositories/license-requests.repository';
import { licenseTypesRepository } from '../../repositories/license-types.repository';
import { videosRepository } from '../../repositories/videos.repository';
import { snapshotOfBilling, snapshotOfType } from './license-snapshot';

export interface NewLicenseRequest {
  licenseTypeId: string;
  usage: string;
  billingAddressId: string;
}

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, undefined, [{ field, message }]);

/**
 * A video the caller may ask a license of: one they may see (else it does not exist), not their own, and
 * licensable now. `videoId` names the clip in the refusal when several are asked for at once.
 */
export async function licensableVideo(db: Executor, caller: Caller, videoId: string, many = false) {
  const video = await videosRepository(db).findById(videoId);
  if (
    !video ||
    !canViewVideo(caller, { userId: video.user_id, status: video.status, privacy: video.privacy })
  ) {
    throw notFound();
  }
  const which = many ? { videoId } : undefined;
  if (video.user_id === caller.id) throw new AppError('LICENSE_OWN_VIDEO', 403, which);
  if (!isLicensable(video)) throw new AppError('VIDEO_NOT_LICENSABLE', 409, which);
  return video;
}

/**
 * What a request copies when it is made (SPEC 4.2): the license type and the billing address as they are
 * now, and the shares, currency and refund window of the settings, so later edits never change a sale.
 */
export async function licenseTerms(db: Executor, buyerId: string, input: NewLicenseRequest) {
  const type = await licenseTypesRepository(db).findActive(input.licenseTypeId);
  if (!type) throw fieldError('licenseTypeId', 'licensing.errors.typeRequired');
  const addresses = await billingAddressesRepository(db).list(buyerId);
  const address = addresses.find((row) => row.id === input.billingAddressId);
  if (!address) throw fieldError('billingAddressId', 'licensing.errors.billingRequired');
  const settings = await appSettingsRepository(db).licensing();
  const copied = {
    buyer_id: buyerId,
    license_type_id: type.id,
    license_type_snapshot: snapshotOfType(type),
    usage: input.usage,
    billing_address: snapshotOfBilling(address),
    // A fixed price waits for payment at once; "price by request" waits for a manager's quote.
    status: type.price_cents === null ? 'open' : 'awaiting_payment',
    price_cents: type.price_cents,
    currency: settings.currency,
    creator_share_percent: settings.creatorSharePercent,
    referral_bonus_percent: settings.referralBonusPercent,
    refund_window_days: settings.refundWindowDays,
  };
  /** The row of one clip's request. */
  return (videoId: string, now: Date, bundleId: string | null = null): NewLicenseRequestRow => ({
    ...copied,
    video_id: videoId,
    bundle_id: bundleId,
    created_at: now,
    updated_at: now,
  });
}
