import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VIDEO_PRIVACY, type VideoPrivacy } from '../../../common/categories';
import {
  type EditableVideo,
  editableVideo,
  editSuggestion,
  editSuggestionBody,
  editSuggestionList,
  editSuggestionListQuery,
  rejectSuggestionBody,
  suggestionIdParams,
  videoEditBody,
} from '../../../common/contracts/video-edits';
import { videoIdParams } from '../../../common/contracts/videos';
import { AppError, notFound } from '../../errors';
import { assertSignedIn, type Caller } from '../../policies/caller';
import { assertVideoStaff } from '../../policies/staff.policy';
import { assertVerified } from '../../policies/verification.policy';
import { canEditVideo, canViewVideo } from '../../policies/video.policy';
import { cursorAfter, pageOf } from '../../services/paging';
import type { Services } from '../../services/services';
import { presentSuggestion } from '../../services/videos/suggestion-presenter';
import { normaliseEdit, normaliseSuggestion } from '../../services/videos/video-edit.service';
import { errorBody, errorResponses } from '../responses';

type EditableRow = NonNullable<Awaited<ReturnType<Services['videoEdits']['editable']>>>;

/** Visibility as the video page has it (policies/video.policy.ts), private and unlisted included. */
function canSee(user: Caller | null, video: EditableRow): boolean {
  return canViewVideo(user, { userId: video.user_id, status: video.status, privacy: video.privacy });
}

/**
 * Editing videos (SPEC 2.6, 3, 6): the owner and staff edit; other verified users suggest edits, which
 * staff apply or reject; the suggester sees the outcome.
 */
export const videoEditsRoutes: FastifyPluginAsyncZod = async (app) => {
  const edits = app.services.videoEdits;
  const notifier = app.services.editSuggestionNotifier;

  const present = (row: EditableRow, user: Caller | null): EditableVideo => {
    const canEdit = canEditVideo(user, { userId: row.user_id });
    return {
      id: row.id,
      userId: row.user_id,
      title: row.title,
      description: row.description,
      keywords: row.keywords,
      date: row.date,
      time: row.time,
      location: row.location
        ? { ...row.location, coordinates: row.location.coordinates ?? null, zoom: row.location.zoom ?? 12 }
        : null,
      categoryId: row.category_id,
      privacy: (VIDEO_PRIVACY as readonly string[]).includes(row.privacy)
        ? (row.privacy as VideoPrivacy)
        : 'public',
      externalUrl: row.external_url,
      youtubeId: row.youtube_id,
      thumbnailUrl: row.thumbnail ? app.storage.publicUrl(row.thumbnail) : null,
      canEdit,
      canSuggest: !!user && user.verified && user.id !== row.user_id,
    };
  };

  /** The video if the caller may see it; a hidden one is "not found", never "forbidden". */
  const visible = async (videoId: string, user: Caller | null) => {
    const row = await edits.editable(videoId);
    if (!row || !canSee(user, row)) throw notFound();
    return row;
  };

  app.get(
    '/api/videos/:videoId/editable',
    {
      schema: {
        tags: ['video edits'],
        summary: 'The editable fields of a video, and whether the caller may edit or only suggest',
        params: videoIdParams,
        response: { 200: editableVideo, ...errorResponses },
      },
    },
    async (request) => present(await visible(request.params.videoId, request.user), request.user),
  );

  app.put(
    '/api/videos/:videoId',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 hour' } },
      schema: {
        tags: ['video edits'],
        summary: 'Edit a video (owner or staff); sets the edit author and date',
        params: videoIdParams,
        body: videoEditBody,
        response: { 200: editableVideo, ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user;
      assertSignedIn(user);
      const { videoId } = request.params;
      await edits.edit(videoId, user, (video) => canEditVideo(user, video), normaliseEdit(request.body));
      return present(await visible(videoId, user), user);
    },
  );

  app.post(
    '/api/videos/:videoId/edit_suggestions',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['video edits'],
        summary: "Suggest an edit of someone else's video (verified users)",
        params: videoIdParams,
        body: editSuggestionBody,
        response: { 201: z.object({ id: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      assertVerified(request.user);
      const video = await visible(request.params.videoId, request.user);
      if (video.user_id === request.user.id) throw new AppError('OWN_VIDEO', 403);
      const created = await edits.suggest(
        {
          id: video.id,
          title: video.title,
          description: video.description,
          keywords: video.keywords,
          externalUrl: video.external_url,
        },
        request.user.id,
        normaliseSuggestion(request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/video_edits',
    {
      schema: {
        tags: ['video edits'],
        summary: 'Edit suggestions of one status, oldest first, with proposed and current values (staff)',
        querystring: editSuggestionListQuery,
        response: { 200: editSuggestionList, ...errorResponses },
      },
    },
    async (request) => {
      assertVideoStaff(request.user);
      const { status, limit, cursor } = request.query;
      const rows = await edits.listSuggestions({ status, limit, afterId: cursorAfter(cursor) });
      return pageOf(rows, limit, (row) => presentSuggestion(row, app.storage, request.user));
    },
  );

  app.get(
    '/api/me/edit_suggestions',
    {
      schema: {
        tags: ['video edits'],
        summary: "The caller's own edit suggestions and their outcome, newest first",
        querystring: editSuggestionListQuery.omit({ status: true }),
        response: { 200: editSuggestionList, ...errorResponses },
      },
    },
    async (request) => {
      assertSignedIn(request.user);
      const { limit, cursor } = request.query;
      const rows = await edits.listSuggestions({
        suggestedBy: request.user.id,
        limit,
        afterId: cursorAfter(cursor),
      });
      return pageOf(rows, limit, (row) => presentSuggestion(row, app.storage, request.user));
    },
  );

  const decided = async (suggestionId: string, staff: Caller) => {
    const [row] = await edits.listSuggestions({ id: suggestionId, limit: 1, afterId: null });
    if (!row) throw notFound();
    return presentSuggestion(row, app.storage, staff);
  };
  const tellSuggester = (suggestionId: string, log: { error: (o: object, m: string) => void }) =>
    notifier
      .notify(suggestionId)
      .catch((error: unknown) => log.error({ err: error }, 'telling a suggester failed'));

  app.post(
    '/api/video_edits/:suggestionId/apply',
    {
      schema: {
        tags: ['video edits'],
        summary: 'Apply an edit suggestion to its video (staff)',
        params: suggestionIdParams,
        response: { 200: editSuggestion, ...errorResponses, 409: errorBody },
      },
    },
    async (request) => {
      assertVideoStaff(request.user);
      await edits.apply(request.params.suggestionId, request.user.id);
      await tellSuggester(request.params.suggestionId, request.log);
      return decided(request.params.suggestionId, request.user);
    },
  );

  app.post(
    '/api/video_edits/:suggestionId/reject',
    {
      schema: {
        tags: ['video edits'],
        summary: 'Reject an edit suggestion with a reason (staff)',
        params: suggestionIdParams,
        body: rejectSuggestionBody,
        response: { 200: editSuggestion, ...errorResponses, 409: errorBody },
      },
    },
    async (request) => {
      assertVideoStaff(request.user);
      await edits.reject(request.params.suggestionId, request.user.id, request.body.reason);
      await tellSuggester(request.params.suggestionId, request.log);
      return decided(request.params.suggestionId, request.user);
    },
  );
};
