import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AbuseQueueItem,
  abuseHandleInput,
  abuseQueueItem,
  abuseQueuePage,
  abuseQueueQuery,
  abuseReportParams,
} from '../../../common/contracts/abuse';
import { assertAdmin } from '../../policies/staff.policy';
import type { AbuseQueueRow } from '../../repositories/abuse-requests.repository';
import { cursorAfter, pageOf } from '../../services/paging';
import { errorBody, errorResponses } from '../responses';

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

const presentReport = (row: AbuseQueueRow): AbuseQueueItem => ({
  id: row.id,
  url: row.url,
  email: row.email,
  reporter: person(row.user_id, row.reporter_name),
  subject: row.subject,
  message: row.message,
  created: row.created.toISOString(),
  handledAt: row.handled_at?.toISOString() ?? null,
  handledBy: person(row.handled_by, row.handler_name),
  handledNote: row.handled_note,
});

/** The admins' queue of problem reports sent from the floating modal (SPEC 2.8), newest first. */
export const abuseQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.services.abuseReports;

  app.get(
    '/api/admin/abuse-reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Problem reports, new or handled, newest first, a page at a time (admins)',
        querystring: abuseQueueQuery,
        response: { 200: abuseQueuePage, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      reply.header('cache-control', 'no-store');
      const { state, limit, cursor } = request.query;
      const rows = await reports.queue({ handled: state === 'handled', limit, afterId: cursorAfter(cursor) });
      return pageOf(rows, limit, presentReport);
    },
  );

  app.post(
    '/api/admin/abuse-reports/:reportId/handle',
    {
      schema: {
        tags: ['admin'],
        summary: 'Marks a report handled, with a note; a report is handled once (admins)',
        params: abuseReportParams,
        body: abuseHandleInput,
        response: { 200: abuseQueueItem, ...errorResponses, 409: errorBody },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      return presentReport(await reports.handle(request.user.id, request.params.reportId, request.body.note));
    },
  );
};
