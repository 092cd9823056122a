import { buildPath, ROUTES } from '../../../common/routes';
import type { EventBus } from '../../adapters/events/event-bus';
import type { Mailer } from '../../adapters/mail/mailer';
import { canViewVideo } from '../../policies/video.policy';
import type { Executor } from '../../repositories/executor';
import { noticesRepository } from '../../repositories/notices.repository';
import { actionMail, languageOf } from '../mail/mail-templates';

/** Tells a suggester what staff decided: live on their open pages, and by e-mail in their language. */
export function editSuggestionNotifier(deps: {
  db: Executor;
  mailer: Mailer;
  events: Pick<EventBus, 'publish'>;
  publicUrl: string;
}) {
  return {
    async notify(suggestionId: string): Promise<void> {
      const row = await noticesRepository(deps.db).findSuggestionDecision(suggestionId);
      if (!row || row.status === 'pending') return;
      // A video hidden from the suggester since (made private, say) is named as they knew it, not as it is now.
      const seesVideo = canViewVideo(
        { id: row.user_id, rights: row.rights, verified: false },
        { userId: row.video_user_id, status: row.video_status, privacy: row.video_privacy },
      );
      const title = seesVideo ? row.title : row.original_title;
      await deps.events.publish(row.user_id, {
        type: 'edit-suggestion',
        suggestionId: row.id,
        videoId: row.video_id,
        title,
        status: row.status,
      });
      if (!row.email) return;
      await deps.mailer.send(
        actionMail(row.status === 'applied' ? 'editSuggestionApplied' : 'editSuggestionRejected', {
          to: row.email,
          language: languageOf(row.language),
          url: `${deps.publicUrl}${buildPath(ROUTES.video, { videoId: row.video_id })}`,
          params: { title, reason: row.reason ?? '' },
        }),
      );
    },
  };
}
