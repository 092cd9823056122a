import { tusEndpoints } from './tus';

/**
 * Resumable uploads of a video's original file (tus, SPEC 4.6): only verified users upload; an upload is
 * its creator's, for a video of theirs.
 */
export const uploadsEndpoints = tusEndpoints({
  path: '/api/uploads',
  tag: 'uploads',
  access: 'verified',
  summaries: {
    creation: 'tus creation: Upload-Length and Upload-Metadata (videoId, filename, filetype)',
    access: "tus: an upload's offset (HEAD), its next bytes (PATCH), or cancelling it (DELETE)",
  },
});
