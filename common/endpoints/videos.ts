import { videoProvenance } from '../contracts/capture-metadata';
import {
  keywordSuggestionsQuery,
  keywordSuggestionsResponse,
  searchAppearancesBody,
  videoSearchQuery,
} from '../contracts/search';
import { videoCreated, videoSubmissionBody } from '../contracts/video-submission';
import {
  keywordsQuery,
  keywordsResponse,
  videoDetail,
  videoIdParams,
  videoListQuery,
  videoListResponse,
  videoOpenBody,
  videoPlayback,
} from '../contracts/videos';
import { endpoint } from '../endpoint';

const tag = 'videos';

/**
 * Videos (SPEC 2.1-2.3, 3, 4.6): a creator's submission, the lists, the search, the video page and its
 * playback, and the keyword summary. Who sees which video is the visibility policy's: the public ones
 * for everyone, every status to the owner and to staff; a video hidden from the caller is "not found".
 */
export const videoEndpoints = {
  submit: endpoint({
    method: 'POST',
    path: '/api/videos',
    tag,
    access: 'verified',
    summary: 'Submit a video (details, owner, signature); its file follows through /api/uploads',
    body: videoSubmissionBody,
    answer: videoCreated,
    status: 201,
    refusals: [413],
  }),
  withdraw: endpoint({
    method: 'DELETE',
    path: '/api/videos/:videoId',
    tag,
    access: 'signedIn',
    summary: 'Withdraw an own submission whose file never arrived (a cancelled upload)',
    params: videoIdParams,
    status: 204,
    refusals: [409],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/videos',
    tag,
    access: 'public',
    summary: 'Videos newest first: the public ones; all of their own for an owner; all for staff',
    query: videoListQuery,
    answer: videoListResponse,
  }),
  search: endpoint({
    method: 'GET',
    path: '/api/videos/search',
    tag,
    access: 'public',
    summary:
      'Videos the caller may see (the public ones; all for staff) carrying all the keywords, then those with the words in the title, then in the description; newest first within each',
    query: videoSearchQuery,
    answer: videoListResponse,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/videos/:videoId',
    tag,
    access: 'public',
    summary: 'The video page: details, whether the file exists, and what the caller may do',
    params: videoIdParams,
    answer: videoDetail,
  }),
  playback: endpoint({
    method: 'GET',
    path: '/api/videos/:videoId/playback',
    tag,
    access: 'public',
    summary:
      'What the player plays: the watermarked preview, or the original for the owner, staff and the holder of a completed license; a signed, expiring URL that answers byte ranges',
    params: videoIdParams,
    answer: videoPlayback,
  }),
  countView: endpoint({
    method: 'POST',
    path: '/api/videos/:videoId/views',
    tag,
    access: 'public',
    summary:
      "The player played the video's preview for 3 seconds: a view, counted once a day per viewer, never the owner's, staff's or a bot's",
    params: videoIdParams,
    status: 204,
  }),
  countOpen: endpoint({
    method: 'POST',
    path: '/api/videos/:videoId/opens',
    tag,
    access: 'public',
    summary:
      "The video's page opened (with the search's words when search results led there): counted like a view",
    params: videoIdParams,
    body: videoOpenBody,
    status: 204,
  }),
  countAppearances: endpoint({
    method: 'POST',
    path: '/api/videos/search/appearances',
    tag,
    access: 'public',
    summary:
      'The videos a page of search results showed a person: an appearance each, never counted for bots, staff or the owner',
    body: searchAppearancesBody,
    status: 204,
  }),
  provenance: endpoint({
    method: 'GET',
    path: '/api/videos/:videoId/provenance',
    tag,
    access: 'signedIn',
    summary:
      'From the file: what the original says of its filming (time, place, device, editing software) beside what its creator typed, its SHA-256 and upload time; for staff, license managers and holders of a completed license',
    params: videoIdParams,
    answer: videoProvenance,
  }),
  keywords: endpoint({
    method: 'GET',
    path: '/api/keywords',
    tag,
    access: 'public',
    summary: 'The most used keywords with their counts',
    query: keywordsQuery,
    answer: keywordsResponse,
  }),
  keywordSuggestions: endpoint({
    method: 'GET',
    path: '/api/keywords/suggestions',
    tag,
    access: 'public',
    summary: 'Keywords starting with the typed text (case and accents ignored), most used first',
    query: keywordSuggestionsQuery,
    answer: keywordSuggestionsResponse,
  }),
};
