import type { LicenseRequestDetail } from '../../../common/contracts/licenses';
import type { Storage } from '../../adapters/storage/storage';
import type { Caller } from '../../policies/caller';
import { isLicenseManager, licenseRequestAbilities, refundWindow } from '../../policies/license.policy';
import { canSeeReferrer } from '../../policies/staff.policy';
import { canViewVideo } from '../../policies/video.policy';
import type { Executor } from '../../repositories/executor';
import type { LicenseRequestRow } from '../../repositories/license-requests.repository';
import { videosRepository } from '../../repositories/videos.repository';
import { presentVideoCard } from '../videos/video-presenter';
import { presentLicenseDetail } from './license-presenter';

/**
 * The license request page as its caller sees it: the request, the video card if the caller may still
 * see the video, what the caller may do, and for managers until when a completed sale may be refunded.
 * Every answer about one request (its page, a cancel, a quote, a refund) is this view, so the web app
 * puts it into its cache as it is.
 */
export function licenseRequestView(deps: { db: Executor; storage: Storage; now: () => Date }) {
  const videos = videosRepository(deps.db);
  return async (caller: Caller, row: LicenseRequestRow): Promise<LicenseRequestDetail> => {
    const video = await videos.findById(row.video_id);
    const visible =
      video && canViewVideo(caller, { userId: video.user_id, status: video.status, privacy: video.privacy });
    const window = isLicenseManager(caller) ? refundWindow(row, deps.now()) : null;
    const abilities = licenseRequestAbilities(caller, {
      buyerId: row.buyer_id,
      creatorId: row.video_user_id,
      status: row.status,
      refundable: window?.open ?? false,
    });
    return presentLicenseDetail(row, deps.storage, {
      videoCard: visible ? presentVideoCard(video, deps.storage, canSeeReferrer(caller)) : null,
      abilities: {
        ...abilities,
        // A clip of a bundle is paid with the others, on the bundle's page.
        pay: abilities.pay && row.bundle_id === null,
      },
      refundableUntil: window?.until ?? null,
    });
  };
}

export type LicenseRequestView = ReturnType<typeof licenseRequestView>;
