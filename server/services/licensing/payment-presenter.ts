import type { LicensePayment } from '../../../common/contracts/license-payments';
import type { LicenseRequestStatus } from '../../../common/video-status';
import type { Storage } from '../../adapters/storage/storage';
import type { LicensePaymentRow } from '../../repositories/license-payments.repository';
import { licenseTypeName } from './license-snapshot';

/**
 * A license request as its payment pages show it; a bundle's checkout as its first clip with the total of
 * `clips`, the clips the session pays.
 */
export function presentPayment(
  row: LicensePaymentRow,
  provider: LicensePayment['provider'],
  storage: Storage,
  clips?: LicensePaymentRow[],
): LicensePayment {
  return {
    id: row.id,
    status: row.status as LicenseRequestStatus,
    video: {
      id: row.video_id,
      title: row.video_title,
      thumbnailUrl: row.video_thumbnail ? storage.publicUrl(row.video_thumbnail) : null,
    },
    licenseType: {
      nameEn: licenseTypeName(row.license_type_snapshot, 'en'),
      nameEl: licenseTypeName(row.license_type_snapshot, 'el'),
    },
    usage: row.usage,
    priceCents: clips ? clips.reduce((sum, clip) => sum + (clip.price_cents ?? 0), 0) : row.price_cents,
    currency: row.currency,
    provider,
    bundle: clips && row.bundle_id ? { id: row.bundle_id, clips: clips.length } : null,
  };
}
