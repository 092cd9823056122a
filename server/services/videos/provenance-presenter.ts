import type { VideoProvenance } from '../../../common/contracts/capture-metadata';
import { captureDifferences } from '../../../common/provenance';
import type { videosRepository } from '../../repositories/videos.repository';

type FileFacts = NonNullable<Awaited<ReturnType<ReturnType<typeof videosRepository>['findFileFacts']>>>;

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
    differences: captureDifferences(file.capture_metadata, typed),
  };
}
