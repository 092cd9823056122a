import { z } from 'zod';
import {
  BILLING_ADDRESSES_MAX,
  billingAddress,
  billingAddressInput,
  billingAddressList,
} from '../contracts/billing';
import { endpoint } from '../endpoint';

const tag = 'billing';
const byId = z.object({ id: z.string().max(64) });

/**
 * The caller's billing addresses (SPEC 3). There is no user id in any path: every query is scoped to
 * the signed-in caller, so another user's address id is simply not found (404) and nothing changes.
 */
export const billingEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/me/billing-addresses',
    tag,
    access: 'signedIn',
    summary: "The caller's billing addresses, the default first, then the newest",
    answer: billingAddressList,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/me/billing-addresses',
    tag,
    access: 'signedIn',
    summary: `Adds an address (at most ${BILLING_ADDRESSES_MAX}); the first one becomes the default`,
    body: billingAddressInput,
    answer: billingAddress,
    status: 201,
    refusals: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/me/billing-addresses/:id',
    tag,
    access: 'signedIn',
    summary: "Changes one of the caller's addresses",
    params: byId,
    body: billingAddressInput,
    answer: billingAddress,
    refusals: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/me/billing-addresses/:id',
    tag,
    access: 'signedIn',
    summary: 'Deletes an address; when it was the default, the newest remaining one becomes it',
    params: byId,
    status: 204,
    refusals: [409],
  }),
  makeDefault: endpoint({
    method: 'POST',
    path: '/api/me/billing-addresses/:id/default',
    tag,
    access: 'signedIn',
    summary: "Makes one of the caller's addresses the default",
    params: byId,
    answer: billingAddress,
    refusals: [409],
  }),
};
