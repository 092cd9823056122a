import { z } from 'zod';
import {
  collection,
  collectionInput,
  collectionItemInput,
  collectionList,
  collectionListQuery,
  collectionOrder,
  collectionSummary,
  sharedCollection,
  shareLink,
} from '../contracts/collections';
import { licenseBundle, licenseBundleInput } from '../contracts/licenses';
import { endpoint } from '../endpoint';

const tag = 'collections';
const byId = z.object({ id: z.string().max(64) });
const byItem = z.object({ id: z.string().max(64), videoId: z.string().max(64) });

/**
 * A member's collections (issue 34): named lightboxes of clips. No user id in any path: another member's
 * collection is not found (404). A shared one opens read-only by its secret link, signed in or not.
 */
export const collectionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/me/collections',
    tag,
    access: 'signedIn',
    summary: "The caller's collections, newest first; with `videoId`, whether each holds that video",
    query: collectionListQuery,
    answer: collectionList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/me/collections',
    tag,
    access: 'signedIn',
    summary: 'Makes a collection',
    body: collectionInput,
    answer: collectionSummary,
    status: 201,
    refusals: [409],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/me/collections/:id',
    tag,
    access: 'signedIn',
    summary: "One of the caller's collections: the clips they may still see, in order, with notes",
    params: byId,
    answer: collection,
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/me/collections/:id',
    tag,
    access: 'signedIn',
    summary: 'Renames a collection',
    params: byId,
    body: collectionInput,
    answer: collection,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/me/collections/:id',
    tag,
    access: 'signedIn',
    summary: 'Deletes a collection (the videos stay)',
    params: byId,
    status: 204,
  }),
  putItem: endpoint({
    method: 'PUT',
    path: '/api/me/collections/:id/items/:videoId',
    tag,
    access: 'signedIn',
    summary: 'Puts a video the caller may see into the collection (last), or changes its note',
    params: byItem,
    body: collectionItemInput,
    answer: collection,
    refusals: [409],
  }),
  removeItem: endpoint({
    method: 'DELETE',
    path: '/api/me/collections/:id/items/:videoId',
    tag,
    access: 'signedIn',
    summary: 'Takes a video out of the collection',
    params: byItem,
    answer: collection,
  }),
  reorder: endpoint({
    method: 'PUT',
    path: '/api/me/collections/:id/order',
    tag,
    access: 'signedIn',
    summary: 'Puts the clips in the given order (every clip of the collection, each once)',
    params: byId,
    body: collectionOrder,
    answer: collection,
  }),
  share: endpoint({
    method: 'POST',
    path: '/api/me/collections/:id/share',
    tag,
    access: 'signedIn',
    summary: 'Makes a new secret read-only link for the collection (an earlier one stops working)',
    params: byId,
    answer: shareLink,
  }),
  unshare: endpoint({
    method: 'DELETE',
    path: '/api/me/collections/:id/share',
    tag,
    access: 'signedIn',
    summary: 'Revokes the read-only link',
    params: byId,
    status: 204,
  }),
  requestLicenses: endpoint({
    method: 'POST',
    path: '/api/me/collections/:id/license-requests',
    tag,
    access: 'verified',
    summary:
      'Requests one license type for several clips of the collection at once: one usage, one billing address, one checkout (verified users, none of their own clips)',
    params: byId,
    body: licenseBundleInput,
    answer: licenseBundle,
    status: 201,
    refusals: [409],
  }),
  shared: endpoint({
    method: 'GET',
    path: '/api/shared-collections/:token',
    tag,
    access: 'public',
    summary: 'A shared collection by its secret link: its name, and its public clips with their notes',
    params: z.object({ token: z.string().min(20).max(100) }),
    answer: sharedCollection,
  }),
};
