import { buildPath, ROUTES } from '../../../common/routes';
import type { EventBus } from '../../adapters/events/event-bus';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Executor } from '../../repositories/executor';
import { noticesRepository } from '../../repositories/notices.repository';
import { actionMail, languageOf } from '../mail/mail-templates';

/** Tells a suggester what staff decided: live on their open pages, and by e-mail in their language. */
export function editSuggestionNotifier(deps: {
  db: Executor;
  mailer: Mailer;
  events: EventBus;
  publicUrl: string;
}) {
  return {
    async notify(suggestionId: string): Promise<void> {
      const row = await noticesRepository(deps.db).findSuggestionDecision(suggestionId);
      if (!row || row.status === 'pending') return;
      await deps.events.publish(row.user_id, {
        type: 'edit-suggestion',
        suggestionId: row.id,
        videoId: row.video_id,
        title: row.title,
        status: row.status,
      });
      if (!row.email) return;
      await deps.mailer.send(
        actionMail(row.status === 'applied' ? 'editSuggestionApplied' : 'editSuggestionRejected', {
          to: row.email,
          language: languageOf(row.language),
          url: `${deps.publicUrl}${buildPath(ROUTES.video, { videoId: row.video_id })}`,
          params: { title: row.title, reason: row.reason ?? '' },
        }),
      );
    },
  };
}
