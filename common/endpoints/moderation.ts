import { copyCheck, copyDecided, copyDecisionBody } from '../contracts/copy-review';
import {
  reviewQueue,
  reviewQueueQuery,
  statusChangeBody,
  statusChanged,
  statusHistory,
} from '../contracts/moderation';
import { videoIdParams } from '../contracts/videos';
import { endpoint } from '../endpoint';

const tag = 'moderation';

/**
 * Review (SPEC 1, 4.1, 6): staff with manage_videos, or admins, see the queue, change statuses, read a
 * video's status history and send a video whose publishing failed to YouTube again.
 */
export const moderationEndpoints = {
  changeStatus: endpoint({
    method: 'POST',
    path: '/api/videos/:videoId/status',
    tag,
    access: 'videoStaff',
    summary: 'Change a video status (staff): approve, decline with a reason, mark ready, archive',
    params: videoIdParams,
    body: statusChangeBody,
    answer: statusChanged,
    refusals: [409],
  }),
  retryPublishing: endpoint({
    method: 'POST',
    path: '/api/videos/:videoId/publishing/retry',
    tag,
    access: 'videoStaff',
    summary: 'Publish a video to YouTube again after publishing failed (staff; publishing configured)',
    params: videoIdParams,
    answer: statusChanged,
    refusals: [409],
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/videos/:videoId/history',
    tag,
    access: 'videoStaff',
    summary: 'The status changes of a video, oldest first (staff)',
    params: videoIdParams,
    answer: statusHistory,
  }),
  reviewQueue: endpoint({
    method: 'GET',
    path: '/api/review/videos',
    tag,
    access: 'videoStaff',
    summary: 'Videos waiting for review, oldest first, with owner details, player and signature (staff)',
    query: reviewQueueQuery,
    answer: reviewQueue,
  }),
  copyCheck: endpoint({
    method: 'GET',
    path: '/api/videos/:videoId/copy_check',
    tag,
    access: 'videoStaff',
    summary:
      'Whether the video looks like a copy of an earlier one by its frames: the original, the two uploaders, the matching stretches and both files to compare (staff)',
    params: videoIdParams,
    answer: copyCheck,
  }),
  decideCopy: endpoint({
    method: 'POST',
    path: '/api/videos/:videoId/copy_check/decision',
    tag,
    access: 'videoStaff',
    summary:
      'Judge a possible copy (staff): not a copy, or a duplicate (the video becomes Duplicate and its owner is told)',
    params: videoIdParams,
    body: copyDecisionBody,
    answer: copyDecided,
    refusals: [409],
  }),
};
