import {
  tvConfigResponse,
  tvFreeVideoBody,
  tvSignatureBody,
  tvSubmissionOpenBody,
  tvSubmissionOpened,
  tvSubmissionParams,
  tvThumbnailBody,
} from '../contracts/tv';
import { videoCreated } from '../contracts/video-submission';
import { endpoint } from '../endpoint';
import { tusEndpoints } from './tus';

const tag = 'tv';

/**
 * The TV page's API (SPEC 2.7, 7 createFreeVideo), answered on TV hostnames only. Anonymous: a captcha
 * opens a pending submission, whose token (the TV_TOKEN_HEADER header) then carries its parts; a wrong
 * token finds nothing (404).
 */
export const tvEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/api/tv/config',
    tag,
    access: 'public',
    summary: "The TV page's links (advertising corner, every-day channel) and file size limit",
    answer: tvConfigResponse,
  }),
  open: endpoint({
    method: 'POST',
    path: '/api/tv/submissions',
    tag,
    access: 'public',
    summary: 'Open a TV submission (captcha solved); returns its id and secret token',
    body: tvSubmissionOpenBody,
    answer: tvSubmissionOpened,
    status: 201,
  }),
  thumbnail: endpoint({
    method: 'PUT',
    path: '/api/tv/submissions/:id/thumbnail',
    tag,
    access: 'public',
    summary: "The browser's 640x360 JPEG thumbnail of the chosen video (data URL)",
    params: tvSubmissionParams,
    body: tvThumbnailBody,
    status: 204,
  }),
  signature: endpoint({
    method: 'PUT',
    path: '/api/tv/submissions/:id/signature',
    tag,
    access: 'public',
    summary: 'The drawn signature (PNG data URL)',
    params: tvSubmissionParams,
    body: tvSignatureBody,
    status: 204,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tv/submissions/:id/video',
    tag,
    access: 'public',
    summary: 'createFreeVideo: the video from all four parts, or nothing',
    params: tvSubmissionParams,
    body: tvFreeVideoBody,
    answer: videoCreated,
    status: 201,
  }),
  abandon: endpoint({
    method: 'DELETE',
    path: '/api/tv/submissions/:id',
    tag,
    access: 'public',
    summary: 'Abandon a submission: its parts are removed',
    params: tvSubmissionParams,
    status: 204,
    refusals: [409],
  }),
};

/** The TV page's resumable upload of the video file, bound to a pending submission by its token. */
export const tvUploadsEndpoints = tusEndpoints({
  path: '/api/tv/uploads',
  tag,
  access: 'public',
  summaries: {
    creation:
      'tus creation for a TV submission: Upload-Metadata (videoId = submission id, filename, filetype)',
    access: "tus: a TV upload's offset (HEAD), its next bytes (PATCH), or cancelling it (DELETE)",
  },
});
