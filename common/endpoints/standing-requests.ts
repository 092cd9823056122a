import { z } from 'zod';
import {
  demandPage,
  matchesQuery,
  STANDING_REQUESTS_MAX,
  standingRequest,
  standingRequestChange,
  standingRequestInput,
  standingRequestList,
  standingRequestMatches,
  unsubscribed,
  unsubscribeQuery,
} from '../contracts/standing-requests';
import { endpoint } from '../endpoint';

const tag = 'standing-requests';
const byId = z.object({ id: z.string().max(64) });

/**
 * A member's standing requests (issue 34): saved searches that tell their owner of every video that
 * becomes licensable and matches. No user id in any path: another member's request is not found (404).
 * The unsubscribe link of their e-mails works without signing in, by its signature.
 */
export const standingRequestEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/me/standing-requests',
    tag,
    access: 'signedIn',
    summary: "The caller's standing requests, newest first, each with how many videos it matched",
    answer: standingRequestList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/me/standing-requests',
    tag,
    access: 'signedIn',
    summary: `Saves a search as a standing request (at most ${STANDING_REQUESTS_MAX})`,
    body: standingRequestInput,
    answer: standingRequest,
    status: 201,
    refusals: [409],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/me/standing-requests/:id',
    tag,
    access: 'signedIn',
    summary: "Changes one of the caller's standing requests: its settings, its search, or pauses it",
    params: byId,
    body: standingRequestChange,
    answer: standingRequest,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/me/standing-requests/:id',
    tag,
    access: 'signedIn',
    summary: 'Deletes a standing request and what it matched',
    params: byId,
    status: 204,
  }),
  matches: endpoint({
    method: 'GET',
    path: '/api/me/standing-requests/:id/matches',
    tag,
    access: 'signedIn',
    summary: 'The videos a standing request matched, newest match first (as the caller may see them now)',
    params: byId,
    query: matchesQuery,
    answer: standingRequestMatches,
  }),
  demand: endpoint({
    method: 'GET',
    path: '/api/demand',
    tag,
    access: 'signedIn',
    summary:
      "The demand board: what buyers' active standing requests ask for, newest first, never who asks; " +
      "`answered` when one of the caller's videos matched it",
    query: matchesQuery,
    answer: demandPage,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/standing-requests/:id/unsubscribe',
    tag,
    access: 'public',
    summary:
      "Pauses a standing request from its e-mail's signed link, without signing in (also List-Unsubscribe-Post)",
    params: byId,
    query: unsubscribeQuery,
    answer: unsubscribed,
  }),
};
