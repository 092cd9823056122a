import {
  abuseHandleInput,
  abuseQueueItem,
  abuseQueuePage,
  abuseQueueQuery,
  abuseReportCreated,
  abuseReportInput,
  abuseReportParams,
} from '../contracts/abuse';
import { endpoint } from '../endpoint';

/**
 * Problem reports (SPEC 2.8, 6): anyone, signed in or not, sends one from the floating modal; admins work
 * through the queue and mark each handled, once.
 */
export const abuseEndpoints = {
  report: endpoint({
    method: 'POST',
    path: '/api/abuse-reports',
    tag: 'abuse',
    access: 'public',
    summary: 'Send a problem (abuse) report',
    body: abuseReportInput,
    answer: abuseReportCreated,
    status: 201,
  }),
  queue: endpoint({
    method: 'GET',
    path: '/api/admin/abuse-reports',
    tag: 'admin',
    access: 'admin',
    summary: 'Problem reports, new or handled, newest first, a page at a time (admins)',
    query: abuseQueueQuery,
    answer: abuseQueuePage,
  }),
  handle: endpoint({
    method: 'POST',
    path: '/api/admin/abuse-reports/:reportId/handle',
    tag: 'admin',
    access: 'admin',
    summary: 'Marks a report handled, with a note; a report is handled once (admins)',
    params: abuseReportParams,
    body: abuseHandleInput,
    answer: abuseQueueItem,
    refusals: [409],
  }),
};
