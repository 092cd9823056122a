import type { LicensePayment } from '../../../common/contracts/license-payments';
import type { LicenseRequestStatus } from '../../../common/video-status';
import type { Storage } from '../../adapters/storage/storage';
import type { LicensePaymentRow } from '../../repositories/license-payments.repository';

/** A license request as its payment pages show it. */
export function presentPayment(
  row: LicensePaymentRow,
  provider: LicensePayment['provider'],
  storage: Storage,
): LicensePayment {
  const type = (row.license_type_snapshot ?? {}) as { name_en?: string; name_el?: string };
  return {
    id: row.id,
    status: row.status as LicenseRequestStatus,
    video: {
      id: row.video_id,
      title: row.video_title,
      thumbnailUrl: row.video_thumbnail ? storage.publicUrl(row.video_thumbnail) : null,
    },
    licenseType: { nameEn: type.name_en ?? '', nameEl: type.name_el ?? type.name_en ?? '' },
    usage: row.usage,
    priceCents: row.price_cents,
    currency: row.currency,
    provider,
  };
}
