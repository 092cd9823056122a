import type { Executor } from './executor';

/** What the notifiers need to tell a user about their video or their edit suggestion, and where. */
export function noticesRepository(db: Executor) {
  return {
    /** A video's status and title with its owner's address and language. */
    findVideoStatus(videoId: string) {
      return db
        .selectFrom('videos')
        .innerJoin('users', 'users.id', 'videos.user_id')
        .select([
          'videos.id',
          'videos.title',
          'videos.status',
          'videos.processing_error',
          'users.id as user_id',
          'users.email',
          'users.language',
        ])
        .where('videos.id', '=', videoId)
        .executeTakeFirst();
    },

    /** A suggestion's outcome with its video's title and the suggester's address and language. */
    findSuggestionDecision(suggestionId: string) {
      return db
        .selectFrom('video_edit_suggestions as s')
        .innerJoin('videos', 'videos.id', 's.video_id')
        .innerJoin('users', 'users.id', 's.suggested_by')
        .select([
          's.id',
          's.status',
          's.reason',
          'videos.id as video_id',
          'videos.title',
          's.original_title',
          // The suggester hears the video's title now only if they may still see the video.
          'videos.user_id as video_user_id',
          'videos.status as video_status',
          'videos.privacy as video_privacy',
          'users.id as user_id',
          'users.rights',
          'users.email',
          'users.language',
        ])
        .where('s.id', '=', suggestionId)
        .executeTakeFirst();
    },
  };
}
