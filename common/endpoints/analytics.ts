import { analyticsQuery, creatorAnalytics } from '../contracts/analytics';
import { videoIdParams } from '../contracts/videos';
import { endpoint } from '../endpoint';

const tag = 'analytics';

/**
 * A creator's analytics (issue 35): of all their videos, and of one of their own. No user id is taken:
 * another member's video is "not found", as is one that does not exist.
 */
export const analyticsEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/api/me/analytics',
    tag,
    access: 'signedIn',
    summary:
      'The caller’s videos over a period: views, page opens, search appearances, requests, sales, refunds and earnings, per day or month, the top videos, the searches that led to them and the buyers’ countries',
    query: analyticsQuery,
    answer: creatorAnalytics,
  }),
  ofVideo: endpoint({
    method: 'GET',
    path: '/api/me/analytics/videos/:videoId',
    tag,
    access: 'signedIn',
    summary: 'The same for one of the caller’s own videos',
    params: videoIdParams,
    query: analyticsQuery,
    answer: creatorAnalytics,
  }),
};
