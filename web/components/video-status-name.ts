import type { VideoStatus } from '../../common/video-status';

/** The i18n key of a status's exact name, for staff (the public badge groups several under "Processing"). */
export function statusNameKey(status: VideoStatus): string {
  return `moderation.statusNames.${status}`;
}
