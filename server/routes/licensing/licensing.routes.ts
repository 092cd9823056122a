import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelLicenseRequestInput,
  licenseMessage,
  licenseMessageInput,
  licenseMessageList,
  licenseRequestDetail,
  licenseRequestInput,
  licenseRequestList,
  licenseRequestParams,
  licenseTypeList,
  managedLicenseRequestsQuery,
  myLicenseRequestsQuery,
  quoteInput,
  refundLicenseRequestInput,
} from '../../../common/contracts/licenses';
import { videoIdParams } from '../../../common/contracts/videos';
import type { Caller } from '../../policies/caller';
import { assertSignedIn } from '../../policies/caller';
import {
  assertLicenseManager,
  isLicenseManager,
  licenseRequestAbilities,
} from '../../policies/license.policy';
import { canSeeReferrer } from '../../policies/staff.policy';
import { assertVerified } from '../../policies/verification.policy';
import type { LicenseRequestRow } from '../../repositories/license-requests.repository';
import { cursorAfter, pageOf } from '../paging';
import { errorBody, errorResponses } from '../responses';
import { presentVideoCard } from '../videos/video-presenter';
import {
  presentLicenseDetail,
  presentLicenseMessage,
  presentLicenseSummary,
  presentLicenseType,
} from './license-presenter';

const refusals = { ...errorResponses, 409: errorBody };
// A buyer writes a few messages; this only stops a script from flooding a conversation.
const writeLimit = { rateLimit: { max: 60, timeWindow: '15 minutes' } };

/**
 * The detail page: the request, the video card if the caller may see the video, and abilities; for
 * managers, until when a completed sale may be refunded.
 */
async function licenseDetail(app: FastifyInstance, caller: Caller, row: LicenseRequestRow) {
  const { licenseRefunds, videoCatalog } = app.services;
  const video = await videoCatalog.visible(caller, row.video_id).catch(() => null);
  const window = isLicenseManager(caller) ? licenseRefunds.refundWindow(row) : null;
  return presentLicenseDetail(row, app.storage, {
    videoCard: video ? presentVideoCard(video, app.storage, canSeeReferrer(caller)) : null,
    abilities: licenseRequestAbilities(caller, {
      buyerId: row.buyer_id,
      creatorId: row.video_user_id,
      status: row.status,
      refundable: window?.open ?? false,
    }),
    refundableUntil: window?.until ?? null,
  });
}

/**
 * Licensing (SPEC 2.6, 4.2): license types, a buyer's requests, the managers' list, quotes,
 * cancellations and the conversation. Who may do what is `policies/license.policy.ts`; a request is the
 * buyer's and the license managers', and to anyone else it does not exist (404). Payment, the download
 * and the certificate are the payments routes'. Two plugins: the license types, asking for a license and
 * the lists of requests (this one), and one request's page, decisions and conversation
 * (licenseRequestRoutes).
 */
export const licensingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { licenseRequests, licenseTypes } = app.services;
  const detail = (caller: Caller, row: LicenseRequestRow) => licenseDetail(app, caller, row);

  app.get(
    '/api/license-types',
    {
      schema: {
        tags: ['licensing'],
        summary: 'The license types a buyer may choose, in order, with the currency of their prices',
        response: { 200: licenseTypeList, ...errorResponses },
      },
    },
    async () => {
      const { types, currency } = await licenseTypes.listActive();
      return { currency, types: types.map(presentLicenseType) };
    },
  );

  app.post(
    '/api/videos/:videoId/license-requests',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['licensing'],
        summary: 'Requests a license of a licensable video (verified users, not the owner)',
        params: videoIdParams,
        body: licenseRequestInput,
        response: { 201: licenseRequestDetail, ...refusals },
      },
    },
    async (request, reply) => {
      assertVerified(request.user);
      const caller = request.user;
      const id = await licenseRequests.create(caller, request.params.videoId, request.body);
      const row = await licenseRequests.details(caller, id);
      return reply.status(201).send(await detail(caller, row));
    },
  );

  app.get(
    '/api/me/license-requests',
    {
      schema: {
        tags: ['licensing'],
        summary: "The caller's license requests, newest first",
        querystring: myLicenseRequestsQuery,
        response: { 200: licenseRequestList, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertSignedIn(request.user);
      const { limit, cursor, status } = request.query;
      const rows = await licenseRequests.listMine(request.user.id, {
        limit,
        status,
        afterId: cursorAfter(cursor),
      });
      reply.header('cache-control', 'no-store');
      return pageOf(rows, limit, (row) => presentLicenseSummary(row, app.storage));
    },
  );

  app.get(
    '/api/admin/license-requests',
    {
      schema: {
        tags: ['licensing'],
        summary: 'Every license request, for license managers: open ones first, oldest first',
        querystring: managedLicenseRequestsQuery,
        response: { 200: licenseRequestList, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertLicenseManager(request.user);
      const { limit, cursor, status, q } = request.query;
      const rows = await licenseRequests.listManaged({ limit, status, q, afterId: cursorAfter(cursor) });
      reply.header('cache-control', 'no-store');
      return pageOf(rows, limit, (row) => presentLicenseSummary(row, app.storage));
    },
  );
};

/**
 * One license request, for its buyer and the license managers: its page, a cancellation, a quote, a
 * refund, and the conversation.
 */
export const licenseRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { licenseRequests, licenseRefunds } = app.services;
  const detail = (caller: Caller, row: LicenseRequestRow) => licenseDetail(app, caller, row);

  app.get(
    '/api/license-requests/:id',
    {
      schema: {
        tags: ['licensing'],
        summary: 'A license request, for its buyer and license managers, with what the caller may do',
        params: licenseRequestParams,
        response: { 200: licenseRequestDetail, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertSignedIn(request.user);
      const row = await licenseRequests.details(request.user, request.params.id);
      reply.header('cache-control', 'no-store');
      return detail(request.user, row);
    },
  );

  app.post(
    '/api/license-requests/:id/cancel',
    {
      config: writeLimit,
      schema: {
        tags: ['licensing'],
        summary: 'Cancels a request before payment: the buyer, or a license manager with a reason',
        params: licenseRequestParams,
        body: cancelLicenseRequestInput,
        response: { 200: licenseRequestDetail, ...refusals },
      },
    },
    async (request) => {
      assertSignedIn(request.user);
      const row = await licenseRequests.cancel(request.user, request.params.id, request.body.reason);
      return detail(request.user, row);
    },
  );

  app.post(
    '/api/license-requests/:id/quote',
    {
      config: writeLimit,
      schema: {
        tags: ['licensing'],
        summary: 'A license manager prices an open request (or prices again one waiting for payment)',
        params: licenseRequestParams,
        body: quoteInput,
        response: { 200: licenseRequestDetail, ...refusals },
      },
    },
    async (request) => {
      assertSignedIn(request.user);
      const row = await licenseRequests.quote(request.user, request.params.id, request.body.priceCents);
      return detail(request.user, row);
    },
  );

  app.post(
    '/api/license-requests/:id/refund',
    {
      config: writeLimit,
      schema: {
        tags: ['licensing'],
        summary:
          'A license manager refunds a completed sale within the refund window, with a reason for the buyer',
        params: licenseRequestParams,
        body: refundLicenseRequestInput,
        response: { 200: licenseRequestDetail, ...refusals, 502: errorBody },
      },
    },
    async (request) => {
      assertLicenseManager(request.user);
      await licenseRefunds.refund(request.user, request.params.id, request.body.reason);
      return detail(request.user, await licenseRequests.details(request.user, request.params.id));
    },
  );

  app.get(
    '/api/license-requests/:id/messages',
    {
      schema: {
        tags: ['licensing'],
        summary: 'The conversation of a request between its buyer and the license managers, oldest first',
        params: licenseRequestParams,
        response: { 200: licenseMessageList, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertSignedIn(request.user);
      const caller = request.user;
      const { row, messages } = await licenseRequests.messages(caller, request.params.id);
      reply.header('cache-control', 'no-store');
      return { items: messages.map((m) => presentLicenseMessage(m, row.buyer_id, caller.id)) };
    },
  );

  app.post(
    '/api/license-requests/:id/messages',
    {
      config: writeLimit,
      schema: {
        tags: ['licensing'],
        summary: 'Adds a message to the conversation (the buyer or a license manager)',
        params: licenseRequestParams,
        body: licenseMessageInput,
        response: { 201: licenseMessage, ...refusals },
      },
    },
    async (request, reply) => {
      assertSignedIn(request.user);
      const caller = request.user;
      const { row, message } = await licenseRequests.postMessage(
        caller,
        request.params.id,
        request.body.body,
      );
      return reply
        .status(201)
        .send(presentLicenseMessage({ ...message, author_name: caller.name }, row.buyer_id, caller.id));
    },
  );
};
