import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_ADDRESSES_MAX,
  type BillingAddress,
  billingAddress,
  billingAddressInput,
  billingAddressList,
} from '../../../common/contracts/billing';
import { assertSignedIn } from '../../policies/caller';
import type { BillingAddressRow } from '../../repositories/billing-addresses.repository';
import { errorBody, errorResponses } from '../responses';

const refusals = { ...errorResponses, 409: errorBody };
const byId = z.object({ id: z.string().max(64) });
// A person edits a handful of addresses; this only stops a script from churning the table.
const writeLimit = { rateLimit: { max: 30, timeWindow: '15 minutes' } };

/** A row as the API shows it. */
function present(row: BillingAddressRow): BillingAddress {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    vatNumber: row.vat_number,
    isDefault: row.is_default,
  };
}

/**
 * The caller's billing addresses (SPEC 3). There is no user id in any path: every query is scoped to
 * the signed-in caller, so another user's address id is simply not found (404) and nothing changes.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = app.services.billingAddresses;
  const caller = (request: { user: { id: string } | null }) => {
    assertSignedIn(request.user);
    return request.user.id;
  };

  app.get(
    '/api/me/billing-addresses',
    {
      schema: {
        tags: ['billing'],
        summary: "The caller's billing addresses, the default first, then the newest",
        response: { 200: billingAddressList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = caller(request);
      reply.header('cache-control', 'no-store');
      return { addresses: (await addresses.list(userId)).map(present) };
    },
  );

  app.post(
    '/api/me/billing-addresses',
    {
      config: writeLimit,
      schema: {
        tags: ['billing'],
        summary: `Adds an address (at most ${BILLING_ADDRESSES_MAX}); the first one becomes the default`,
        body: billingAddressInput,
        response: { 201: billingAddress, ...refusals },
      },
    },
    async (request, reply) => {
      const userId = caller(request);
      return reply.status(201).send(present(await addresses.create(userId, request.body)));
    },
  );

  app.put(
    '/api/me/billing-addresses/:id',
    {
      config: writeLimit,
      schema: {
        tags: ['billing'],
        summary: "Changes one of the caller's addresses",
        params: byId,
        body: billingAddressInput,
        response: { 200: billingAddress, ...refusals },
      },
    },
    async (request) => {
      const userId = caller(request);
      return present(await addresses.update(userId, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/me/billing-addresses/:id',
    {
      config: writeLimit,
      schema: {
        tags: ['billing'],
        summary: 'Deletes an address; when it was the default, the newest remaining one becomes it',
        params: byId,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const userId = caller(request);
      await addresses.remove(userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/billing-addresses/:id/default',
    {
      config: writeLimit,
      schema: {
        tags: ['billing'],
        summary: "Makes one of the caller's addresses the default",
        params: byId,
        response: { 200: billingAddress, ...refusals },
      },
    },
    async (request) => {
      const userId = caller(request);
      return present(await addresses.makeDefault(userId, request.params.id));
    },
  );
};
