import { buildPath, ROUTES } from '../../../common/routes';
import { LICENSABLE_STATUSES } from '../../../common/video-status';
import type { Storage } from '../../adapters/storage/storage';
import { standingRequestMatchingRepository } from '../../repositories/standing-request-matching.repository';
import type { NoticeChannels } from '../mail/notice-channels';
import { type AlertVideo, standingRequestMail } from './standing-request-mail';
import { unsubscribeToken } from './unsubscribe-token';

/** Who may hear of a video: one anyone may license (public, and ready or on YouTube). */
const LICENSABLE = { statuses: LICENSABLE_STATUSES, privacy: 'public' } as const;

/** The address a location value gives in words, if any. */
function placeOf(location: unknown): string | null {
  const address = (location as { address?: unknown } | null)?.address;
  return typeof address === 'string' && address.trim() !== '' ? address.trim() : null;
}

/**
 * Tells the owners of standing requests of a video that just became licensable (issue 34), on the
 * channels of the transaction that made it so (noticeChannelsIn): the matches are recorded, each owner's
 * open pages hear of it at the commit, and the e-mail of every request whose mail is due is queued in
 * the outbox, with the matches it tells of marked mailed. A request mailed less than its gap ago (an hour
 * at once, a day for a digest) keeps its matches for the next e-mail: the periodic `mailDue` sends it.
 */
export function standingRequestNotifier(
  deps: NoticeChannels & { storage: Storage; publicUrl: string; secret: string; now: () => Date },
) {
  const matching = standingRequestMatchingRepository(deps.db);

  const absolute = (url: string) => (url.startsWith('/') ? `${deps.publicUrl}${url}` : url);

  async function mailDue(ids?: readonly string[]): Promise<number> {
    const now = deps.now();
    const due = await matching.lockDueMail(now, LICENSABLE, ids);
    for (const request of due) {
      const videos: AlertVideo[] = request.videos.map((video) => ({
        id: video.id,
        title: video.title,
        thumbnailUrl: video.thumbnail ? absolute(deps.storage.publicUrl(video.thumbnail)) : null,
        place: placeOf(video.location),
        date: video.date,
      }));
      // A match that is no longer licensable (declined, made private since) is dropped, not mailed.
      if (videos.length > 0 && !request.email.endsWith('.invalid')) {
        const token = encodeURIComponent(unsubscribeToken(deps.secret, request.id));
        const page = buildPath(ROUTES.standingRequestUnsubscribe, { standingRequestId: request.id });
        await deps.mailer.send(
          standingRequestMail({
            to: request.email,
            language: request.language,
            name: request.name,
            videos,
            publicUrl: deps.publicUrl,
            unsubscribe: {
              oneClickUrl: `${deps.publicUrl}/api/standing-requests/${encodeURIComponent(request.id)}/unsubscribe?token=${token}`,
              pageUrl: `${deps.publicUrl}${page}?token=${token}`,
            },
          }),
        );
      }
      await matching.markMailed(request.id, now);
    }
    return due.length;
  }

  return {
    /** The video became licensable: record what it answers and tell those who asked. */
    async videoLicensable(videoId: string): Promise<void> {
      const matches = await matching.recordMatches(videoId, LICENSABLE, deps.now());
      if (matches.length === 0) return;
      const video = await matching.title(videoId);
      for (const match of matches) {
        await deps.events.publish(match.userId, {
          type: 'standing-request-match',
          standingRequestId: match.requestId,
          name: match.name,
          videoId,
          title: video ?? '',
        });
      }
      await mailDue(matches.map((match) => match.requestId));
    },

    /** Sends every e-mail that is due (the periodic upkeep): folded matches and daily digests. */
    mailDue: () => mailDue(),
  };
}
