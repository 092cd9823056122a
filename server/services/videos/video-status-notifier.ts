import { buildPath, ROUTES } from '../../../common/routes';
import {
  type DeclineReason,
  declineReasonText,
  LICENSABLE_STATUSES,
  normalizeVideoStatus,
} from '../../../common/video-status';
import type { EventBus } from '../../adapters/events/event-bus';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Executor } from '../../repositories/executor';
import { noticesRepository } from '../../repositories/notices.repository';
import { type ActionMailKind, actionMail, languageOf, textsIn } from '../mail/mail-templates';

/** The e-mail each status sends its owner: what processing found, and what staff decided (SPEC 4.1). */
const STATUS_MAILS: Partial<Record<string, ActionMailKind>> = {
  not_verified: 'videoReceived',
  duplicate: 'videoDuplicate',
  approved: 'videoApproved',
  declined: 'videoDeclined',
  ready: 'videoReady',
  archived: 'videoArchived',
  yt_removed: 'videoRejectedByYoutube',
};

/** Where a mail's button leads: the video, or the upload page when the video is gone for good. */
const linkOf = (status: string, videoId: string) =>
  status === 'yt_removed' ? ROUTES.upload : buildPath(ROUTES.video, { videoId });

/**
 * Tells a video's owner what processing found or staff decided (SPEC 4.1): live on their open pages, and by e-mail in
 * their language with a link to the video. A video now licensable is also matched against the standing
 * requests (`standingRequests`, on the same channels), whose owners are told in turn.
 */
export function videoStatusNotifier(deps: {
  db: Executor;
  mailer: Mailer;
  events: Pick<EventBus, 'publish'>;
  publicUrl: string;
  standingRequests?: { videoLicensable(videoId: string): Promise<void> };
}) {
  return {
    /**
     * `reason`: why staff changed the status in words, `declineReason` a decline's reason of the list (the
     * creator reads both, in their language).
     */
    async notify(
      videoId: string,
      options: { reason?: string | null; declineReason?: DeclineReason | null } = {},
    ): Promise<void> {
      const video = await noticesRepository(deps.db).findVideoStatus(videoId);
      if (!video) return;
      if (!video.processing_error && LICENSABLE_STATUSES.includes(normalizeVideoStatus(video.status))) {
        await deps.standingRequests?.videoLicensable(video.id);
      }
      await deps.events.publish(video.user_id, {
        type: 'video-status',
        videoId: video.id,
        title: video.title,
        status: video.processing_error ? 'error' : video.status,
      });
      const kind: ActionMailKind | null = video.processing_error
        ? 'videoNotAVideo'
        : (STATUS_MAILS[video.status] ?? null);
      // System accounts (the TV page's owner) have an address under the reserved .invalid domain: no mail.
      if (!kind || !video.email || video.email.endsWith('.invalid')) return;
      const language = languageOf(video.language);
      const reason = declineReasonText(
        textsIn(language),
        options.declineReason ?? null,
        options.reason ?? null,
      );
      await deps.mailer.send(
        actionMail(kind, {
          to: video.email,
          language,
          url: `${deps.publicUrl}${linkOf(video.status, video.id)}`,
          params: { title: video.title, reason },
        }),
      );
    },
  };
}
