import type { LicensePayment } from '../../../common/contracts/license-payments';
import type { LicenseRequestStatus } from '../../../common/video-status';
import type { Storage } from '../../adapters/storage/storage';
import type { LicensePaymentRow } from '../../repositories/license-payments.repository';
import { licenseTypeName } from './license-snapshot';

/** A license request as its payment pages show it. */
export function presentPayment(
  row: LicensePaymentRow,
  provider: LicensePayment['provider'],
  storage: Storage,
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
    priceCents: row.price_cents,
    currency: row.currency,
    provider,
  };
}
