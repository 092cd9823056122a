import {
  editableVideo,
  editSuggestion,
  editSuggestionBody,
  editSuggestionCreated,
  editSuggestionList,
  editSuggestionListQuery,
  myEditSuggestionListQuery,
  rejectSuggestionBody,
  suggestionIdParams,
  videoEditBody,
} from '../contracts/video-edits';
import { videoIdParams } from '../contracts/videos';
import { endpoint } from '../endpoint';

const tag = 'video edits';

/**
 * Editing videos (SPEC 2.6, 3, 6): the owner and staff edit; other verified users suggest edits, which
 * staff apply or reject; the suggester sees the outcome. A video the caller may not see does not exist (404).
 */
export const videoEditsEndpoints = {
  editable: endpoint({
    method: 'GET',
    path: '/api/videos/:videoId/editable',
    tag,
    access: 'public',
    summary: 'The editable fields of a video, and whether the caller may edit or only suggest',
    params: videoIdParams,
    answer: editableVideo,
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/api/videos/:videoId',
    tag,
    access: 'signedIn',
    summary: 'Edit a video (owner or staff); sets the edit author and date',
    params: videoIdParams,
    body: videoEditBody,
    answer: editableVideo,
  }),
  suggest: endpoint({
    method: 'POST',
    path: '/api/videos/:videoId/edit_suggestions',
    tag,
    access: 'verified',
    summary: "Suggest an edit of someone else's video (verified users)",
    params: videoIdParams,
    body: editSuggestionBody,
    answer: editSuggestionCreated,
    status: 201,
  }),
  suggestions: endpoint({
    method: 'GET',
    path: '/api/video_edits',
    tag,
    access: 'videoStaff',
    summary: 'Edit suggestions of one status, oldest first, with proposed and current values (staff)',
    query: editSuggestionListQuery,
    answer: editSuggestionList,
  }),
  mySuggestions: endpoint({
    method: 'GET',
    path: '/api/me/edit_suggestions',
    tag,
    access: 'signedIn',
    summary: "The caller's own edit suggestions and their outcome, newest first",
    query: myEditSuggestionListQuery,
    answer: editSuggestionList,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/api/video_edits/:suggestionId/apply',
    tag,
    access: 'videoStaff',
    summary: 'Apply an edit suggestion to its video (staff)',
    params: suggestionIdParams,
    answer: editSuggestion,
    refusals: [409],
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/video_edits/:suggestionId/reject',
    tag,
    access: 'videoStaff',
    summary: 'Reject an edit suggestion with a reason (staff)',
    params: suggestionIdParams,
    body: rejectSuggestionBody,
    answer: editSuggestion,
    refusals: [409],
  }),
};
