import type { VideoStatus } from '../../../common/video-status';

export type StatusNotice = 'notUnique' | 'declined' | 'rejectedByYoutube' | 'approved';

/** The notice panel of the video page (SPEC 4.1) for a status; null where the spec has none. */
export function statusNoticeOf(status: VideoStatus): StatusNotice | null {
  switch (status) {
    case 'duplicate':
      return 'notUnique';
    case 'declined':
      return 'declined';
    case 'yt_removed':
      return 'rejectedByYoutube';
    case 'approved':
    case 'ready':
    case 'yt_uploaded':
    case 'yt_upload_error':
    case 'yt_upload_retry':
      return 'approved';
    default:
      return null;
  }
}
