import { describe, expect, it } from 'vitest';
import { VIDEO_STATUSES } from '../../../common/video-status';
import { statusNoticeOf } from './status-notice';

describe('statusNoticeOf (SPEC 4.1 notice panel)', () => {
  it('has a notice for duplicate, declined, removed by YouTube and every approved status', () => {
    expect(Object.fromEntries(VIDEO_STATUSES.map((status) => [status, statusNoticeOf(status)]))).toEqual({
      not_uploaded: null,
      not_verified: null,
      duplicate: 'notUnique',
      declined: 'declined',
      approved: 'approved',
      yt_upload_retry: 'approved',
      yt_upload_error: 'approved',
      yt_removed: 'rejectedByYoutube',
      yt_uploaded: 'approved',
      ready: 'approved',
      archived: null,
    });
  });
});
