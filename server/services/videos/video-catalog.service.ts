import { normalizeKeyword, searchWords } from '../../../common/keywords';
import type { VideoStatus } from '../../../common/video-status';
import { notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import {
  canViewVideo,
  listablePrivacy,
  listableStatuses,
  playbackRendition,
  renditionNeedsLicense,
} from '../../policies/video.policy';
import type { Executor } from '../../repositories/executor';
import { keywordSummaryRepository } from '../../repositories/keyword-summary.repository';
import { licenseRequestsRepository } from '../../repositories/license-requests.repository';
import {
  type SearchPosition,
  type SearchRow,
  videoSearchRepository,
} from '../../repositories/video-search.repository';
import { type VideoCardRow, type VideoPageRow, videosRepository } from '../../repositories/videos.repository';

type Viewer = CallerFacts | null;

/**
 * What visitors, members and staff find: lists, search, the video page and the keyword summary, each
 * narrowed by the visibility policy (public statuses and privacy for everyone; every video for its owner
 * and for staff). A video the viewer may not see is "not found", never "forbidden".
 */
export function videoCatalogService(deps: { db: Executor }) {
  const videos = videosRepository(deps.db);
  const search = videoSearchRepository(deps.db);
  const summary = keywordSummaryRepository(deps.db);
  const licenses = licenseRequestsRepository(deps.db);

  return {
    /** Cards newest first (one more than `limit`, to tell that another page follows). */
    async list(
      viewer: Viewer,
      query: { limit: number; afterId: string | null; userId?: string; status?: VideoStatus },
    ): Promise<VideoCardRow[]> {
      const statuses = listableStatuses(viewer, query);
      if (statuses === 'none') return [];
      // Unlisted videos open by their link only; private ones are for the owner and staff.
      const privacy = listablePrivacy(viewer, query);
      return videos.list({ ...query, statuses, privacy });
    },

    /** Videos with every keyword, then every word in the title, then in the title or description. */
    async search(
      viewer: Viewer,
      query: { keywords: string[]; q: string; limit: number; after: SearchPosition | null },
    ): Promise<SearchRow[]> {
      const statuses = listableStatuses(viewer, {});
      if (statuses === 'none') return [];
      return search.search({
        keywords: query.keywords.map(normalizeKeyword),
        words: searchWords(`${query.keywords.join(' ')} ${query.q}`),
        statuses,
        privacy: listablePrivacy(viewer, {}),
        limit: query.limit,
        after: query.after,
      });
    },

    /** The video page's row, if the viewer may see it. */
    async visible(viewer: Viewer, videoId: string): Promise<VideoPageRow> {
      const row = await videos.findById(videoId);
      if (!row || !canViewVideo(viewer, { userId: row.user_id, status: row.status, privacy: row.privacy }))
        throw notFound();
      return row;
    },

    /** Which file the viewer plays of a video they may see (the license is looked up only when it matters). */
    async rendition(viewer: Viewer, video: { userId: string; id: string }): Promise<'original' | 'preview'> {
      const licensed =
        renditionNeedsLicense(viewer, video) && (await licenses.hasCompleted(viewer.id, video.id));
      return playbackRendition(viewer, video, licensed);
    },

    /** The licenses of this video the viewer bought and holds (the video page offers their files). */
    async heldLicenses(viewer: Viewer, videoId: string) {
      return viewer ? licenses.heldBy(viewer.id, videoId) : [];
    },

    /** The most used keywords of publicly listed videos. */
    popularKeywords: (limit: number) => summary.top(limit),

    /** Keywords starting with the typed text (case and accents ignored); the most used when it is empty. */
    async keywordSuggestions(q: string, limit: number) {
      const prefix = normalizeKeyword(q);
      return prefix ? summary.startingWith(prefix, limit) : summary.top(limit);
    },
  };
}
