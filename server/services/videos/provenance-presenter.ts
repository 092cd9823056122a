import type { VideoProvenance } from '../../../common/contracts/capture-metadata';
import type { CopyCheckResult } from '../../../common/contracts/copy-review';
import { captureDifferences } from '../../../common/provenance';
import type { videosRepository } from '../../repositories/videos.repository';

type FileFacts = NonNullable<Awaited<ReturnType<ReturnType<typeof videosRepository>['findFileFacts']>>>;

/** What the card says of the frames' check: never which video was found (that is staff's to see). */
function copyCheckResult(file: FileFacts): CopyCheckResult {
  if (!file.fingerprinted) return 'not_checked';
  if (!file.copy_found) return 'no_copy';
  return file.copy_decision === 'not_a_copy' || file.copy_decision === 'duplicate'
    ? file.copy_decision
    : 'possible_copy';
}

/** The "From the file" card's facts: the file's own, the creator's, and how far apart they are. */
export function presentProvenance(file: FileFacts): VideoProvenance {
  const typed = {
    date: file.date,
    time: file.time,
    coordinates: file.location?.coordinates ?? null,
    address: file.location?.address || null,
  };
  return {
    capture: file.capture_metadata,
    sha256: file.sha256,
    sizeBytes: file.size_bytes,
    uploadedAt: new Date(file.created_at).toISOString(),
    typed,
    copyCheck: copyCheckResult(file),
    differences: captureDifferences(file.capture_metadata, typed),
  };
}
