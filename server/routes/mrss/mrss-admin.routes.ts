import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mrssFeed,
  mrssFeedCreated,
  mrssFeedCreateInput,
  mrssFeedInput,
  mrssFeedList,
  mrssFeedListQuery,
  mrssFeedParams,
  mrssIssuedToken,
  mrssPreview,
  mrssPreviewInput,
  mrssToken,
  mrssTokenInput,
  mrssTokenParams,
} from '../../../common/contracts/mrss';
import { assertAdmin } from '../../policies/staff.policy';
import type { MrssFeedRow } from '../../repositories/mrss-feeds.repository';
import { presentMrssFeed, presentMrssToken } from '../../services/mrss/mrss-presenter';
import { cursorAfter, pageOf } from '../../services/paging';
import { errorResponses } from '../responses';

const writeLimit = { rateLimit: { max: 120, timeWindow: '15 minutes' } };

/** The answers name secrets, so no cache keeps them. */
function keepOutOfCaches(app: FastifyInstance) {
  // The calling plugin's routes only (Fastify keeps a plugin's hooks to itself).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
}

/**
 * The admin side of the Media RSS feeds (issue 20, SPEC 2.1 `/admin/mrss`): admins only
 * (`policies/mrss.policy.ts`). A partner's URL is answered once, when it is made or made again; lists
 * show partners by name. The answers name secrets, so no cache keeps them. Two plugins: the feeds (this
 * one) and their partners' URLs (mrssAdminTokenRoutes).
 */
export const mrssAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mrssFeeds } = app.services;

  /** The feed as the list shows it, after a change. */
  const feedAnswer = async (feed: MrssFeedRow) => {
    const [full] = await mrssFeeds.list({ limit: 1, afterId: null, only: feed.id });
    return presentMrssFeed(full!);
  };

  keepOutOfCaches(app);

  app.get(
    '/api/admin/mrss-feeds',
    {
      schema: {
        tags: ['admin'],
        summary: 'Media RSS feeds newest first, with their filters, partners and how many videos they list',
        querystring: mrssFeedListQuery,
        response: { 200: mrssFeedList, ...errorResponses },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      const { limit, cursor } = request.query;
      const rows = await mrssFeeds.list({ limit, afterId: cursorAfter(cursor) });
      return pageOf(rows, limit, presentMrssFeed);
    },
  );

  app.post(
    '/api/admin/mrss-feeds/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many videos a filter would list, and the newest few (changes nothing)',
        body: mrssPreviewInput,
        response: { 200: mrssPreview, ...errorResponses },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      return mrssFeeds.preview(request.body.filter);
    },
  );

  app.post(
    '/api/admin/mrss-feeds',
    {
      config: writeLimit,
      schema: {
        tags: ['admin'],
        summary: 'Creates a feed and its first partner; the partner URL is in this answer only',
        body: mrssFeedCreateInput,
        response: { 201: mrssFeedCreated, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const { feed, token, url } = await mrssFeeds.create(request.user.id, request.body);
      return reply
        .status(201)
        .send({ feed: await feedAnswer(feed), issued: { token: presentMrssToken(token), url } });
    },
  );

  app.put(
    '/api/admin/mrss-feeds/:feedId',
    {
      config: writeLimit,
      schema: {
        tags: ['admin'],
        summary: "Changes a feed's name, language and filter; its partners' URLs stay",
        params: mrssFeedParams,
        body: mrssFeedInput,
        response: { 200: mrssFeed, ...errorResponses },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      return feedAnswer(await mrssFeeds.update(request.user.id, request.params.feedId, request.body));
    },
  );

  app.delete(
    '/api/admin/mrss-feeds/:feedId',
    {
      config: writeLimit,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a feed; every partner URL of it answers 404 from then on',
        params: mrssFeedParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      await mrssFeeds.remove(request.user.id, request.params.feedId);
      return reply.status(204).send(null);
    },
  );
};

/** A feed's partners: each one's secret URL, added, revoked or made again (admins only). */
export const mrssAdminTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mrssFeeds } = app.services;

  keepOutOfCaches(app);

  app.post(
    '/api/admin/mrss-feeds/:feedId/tokens',
    {
      config: writeLimit,
      schema: {
        tags: ['admin'],
        summary: 'Adds a partner to a feed; their URL is in this answer only',
        params: mrssFeedParams,
        body: mrssTokenInput,
        response: { 201: mrssIssuedToken, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const { token, url } = await mrssFeeds.addToken(
        request.user.id,
        request.params.feedId,
        request.body.partnerName,
      );
      return reply.status(201).send({ token: presentMrssToken(token), url });
    },
  );

  app.post(
    '/api/admin/mrss-feeds/:feedId/tokens/:tokenId/revoke',
    {
      config: writeLimit,
      schema: {
        tags: ['admin'],
        summary: "Revokes a partner's URL: it answers 404 at once",
        params: mrssTokenParams,
        response: { 200: mrssToken, ...errorResponses },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      const { feedId, tokenId } = request.params;
      return presentMrssToken(await mrssFeeds.revokeToken(request.user.id, feedId, tokenId));
    },
  );

  app.post(
    '/api/admin/mrss-feeds/:feedId/tokens/:tokenId/regenerate',
    {
      config: writeLimit,
      schema: {
        tags: ['admin'],
        summary: 'Gives a partner a new URL (in this answer only); the old one answers 404',
        params: mrssTokenParams,
        response: { 201: mrssIssuedToken, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const { feedId, tokenId } = request.params;
      const { token, url } = await mrssFeeds.regenerateToken(request.user.id, feedId, tokenId);
      return reply.status(201).send({ token: presentMrssToken(token), url });
    },
  );
};
