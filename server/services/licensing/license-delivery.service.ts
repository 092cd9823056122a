import type { Storage } from '../../adapters/storage/storage';
import { notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { canReceiveCertificate, canReceiveOriginal } from '../../policies/license-payment.policy';
import type { Executor } from '../../repositories/executor';
import { licensePaymentsRepository } from '../../repositories/license-payments.repository';
import { videosRepository } from '../../repositories/videos.repository';
import { languageOf } from '../mail/mail-templates';
import { presentProvenance } from '../videos/provenance-presenter';
import { renderLicenseCertificate } from './license-certificate';

/** How long a download link of an original works: long enough to start it, short enough not to spread. */
export const ORIGINAL_URL_SECONDS = 10 * 60;

/**
 * After payment (SPEC 4.2 "the original file is available after payment"): the original's download and
 * the license certificate, for the buyer of a completed license and staff; to anyone else, not found.
 */
export function licenseDeliveryService(deps: { db: Executor; storage: Storage; publicUrl: string }) {
  const requests = licensePaymentsRepository(deps.db);

  const deliverable = async (
    caller: Pick<CallerFacts, 'id' | 'rights'> | null,
    requestId: string,
    may: typeof canReceiveOriginal,
  ) => {
    const request = await requests.find(requestId);
    if (!request || !may(caller, { buyerId: request.buyer_id, status: request.status })) throw notFound();
    return request;
  };

  return {
    /** A signed, expiring URL of the original that saves as the name it was uploaded with. */
    async originalUrl(caller: Pick<CallerFacts, 'id' | 'rights'> | null, requestId: string): Promise<string> {
      const request = await deliverable(caller, requestId, canReceiveOriginal);
      if (!request.video_path) throw notFound();
      const extension = request.video_path.split('.').pop() ?? 'mp4';
      return deps.storage.signedUrl(request.video_path, {
        expiresInSeconds: ORIGINAL_URL_SECONDS,
        downloadName: request.video_file_name ?? `${request.video_id}.${extension}`,
      });
    },

    /** The certificate PDF, in the buyer's language; only a completed license has one. */
    async certificate(caller: Pick<CallerFacts, 'id' | 'rights'> | null, requestId: string) {
      const request = await deliverable(caller, requestId, canReceiveCertificate);
      if (request.status !== 'completed' || !request.completed_at) throw notFound();
      const [buyer] = await requests.people(request.buyer_id, request.buyer_id);
      const file = await videosRepository(deps.db).findFileFacts(request.video_id);
      const pdf = await renderLicenseCertificate(
        { ...request, completed_at: request.completed_at },
        languageOf(buyer?.language),
        deps.publicUrl,
        file && presentProvenance(file),
      );
      return { pdf, fileName: `license-${request.id}.pdf` };
    },
  };
}
