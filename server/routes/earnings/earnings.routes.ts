import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '../../../common/constants';
import {
  balancesResponse,
  ledgerPage,
  myTransactionsExportQuery,
  myTransactionsQuery,
  myWithdrawal,
  myWithdrawalList,
  myWithdrawalsQuery,
  withdrawalRequestInput,
  withdrawalRequestParams,
} from '../../../common/contracts/earnings';
import { toCsv } from '../../adapters/csv/csv';
import { attachmentDisposition } from '../../adapters/storage/content-disposition';
import { assertSignedIn } from '../../policies/caller';
import { assertVerified } from '../../policies/verification.policy';
import { presentLedgerEntry, presentMyWithdrawal } from '../../services/earnings/earnings-presenter';
import { textsIn } from '../../services/mail/mail-templates';
import { cursorAfter, pageOf } from '../../services/paging';
import { errorBody, errorResponses } from '../responses';

const refusals = { ...errorResponses, 409: errorBody };
/** The export: the filtered rows, at most this many (a member's whole history in practice). */
const EXPORT_MAX_ROWS = 10_000;

/**
 * The caller's money (SPEC 2.1 /me/transactions, 2.6): balances, ledger history and its CSV, and their
 * withdrawal requests. No user id is taken: every read and change is the caller's own, so another
 * member's ledger or request is out of reach (a request id of someone else's is 404).
 */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { earnings, withdrawals } = app.services;
  const caller = (request: { user: { id: string } | null }) => {
    assertSignedIn(request.user);
    return request.user;
  };

  app.get(
    '/api/me/balances',
    {
      schema: {
        tags: ['earnings'],
        summary: 'The caller’s balances per currency, pending earnings and the withdrawal policy',
        response: { 200: balancesResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = caller(request);
      reply.header('cache-control', 'no-store');
      const { balances, pendingEarnings, policy } = await earnings.overview(id);
      return {
        balances,
        policy,
        pendingEarnings: pendingEarnings.map((row) => {
          const entry = presentLedgerEntry({ ...row, buyer_id: null, video_title: null });
          return {
            id: entry.id,
            type: entry.type,
            amountCents: entry.amountCents,
            currency: entry.currency,
            availableAt: entry.availableAt ?? entry.createdAt,
          };
        }),
      };
    },
  );

  app.get(
    '/api/me/transactions',
    {
      schema: {
        tags: ['earnings'],
        summary: 'The caller’s ledger rows, newest first, filtered by type and status',
        querystring: myTransactionsQuery,
        response: { 200: ledgerPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = caller(request);
      reply.header('cache-control', 'no-store');
      const { limit, cursor, type, status } = request.query;
      const rows = await earnings.history(id, { type, status, limit, afterId: cursorAfter(cursor) });
      return pageOf(rows, limit, presentLedgerEntry);
    },
  );

  app.get(
    '/api/me/transactions/export',
    {
      schema: {
        tags: ['earnings'],
        summary: 'The caller’s filtered ledger rows as a CSV file, labels in the asked language',
        querystring: myTransactionsExportQuery.extend({ lang: z.enum(LANGUAGES).default('en') }),
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: z.any() } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = caller(request);
      const { type, status, lang } = request.query;
      const t = textsIn(lang);
      const rows = (await earnings.history(id, { type, status, limit: EXPORT_MAX_ROWS })).slice(
        0,
        EXPORT_MAX_ROWS,
      );
      const csv = toCsv(
        rows
          .map(presentLedgerEntry)
          .map((entry) => [
            entry.createdAt,
            t(`earnings.types.${entry.type}`),
            t(`earnings.statuses.${entry.status}`),
            (entry.amountCents / 100).toFixed(2),
            entry.currency,
            entry.videoTitle ?? '',
            entry.licenseRequestId ?? '',
            entry.withdrawalRequestId ?? '',
            entry.reversesId ?? '',
          ]),
        {
          header: true,
          columns: [
            t('earnings.csv.date'),
            t('earnings.csv.type'),
            t('earnings.csv.status'),
            t('earnings.csv.amount'),
            t('earnings.csv.currency'),
            t('earnings.csv.video'),
            t('earnings.csv.licenseRequest'),
            t('earnings.csv.withdrawalRequest'),
            t('earnings.csv.reverses'),
          ],
        },
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(`transactions-${day}.csv`))
        .type('text/csv; charset=utf-8')
        .send(`\uFEFF${csv}`);
    },
  );

  app.get(
    '/api/me/withdrawal-requests',
    {
      schema: {
        tags: ['earnings'],
        summary: 'The caller’s withdrawal requests, newest first',
        querystring: myWithdrawalsQuery,
        response: { 200: myWithdrawalList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = caller(request);
      reply.header('cache-control', 'no-store');
      const { limit, cursor } = request.query;
      const rows = await withdrawals.list(id, limit, cursorAfter(cursor));
      return pageOf(rows, limit, presentMyWithdrawal);
    },
  );

  app.post(
    '/api/me/withdrawal-requests',
    {
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['earnings'],
        summary:
          'Requests a withdrawal: reserves the amount from the available balance at once (verified members only)',
        body: withdrawalRequestInput,
        response: { 201: myWithdrawal, ...refusals },
      },
    },
    async (request, reply) => {
      // Money leaves only for a member whose e-mail and phone are confirmed, as a payments company asks.
      assertVerified(request.user);
      const { id } = request.user;
      const created = await withdrawals.request(id, request.body);
      return reply.code(201).send(presentMyWithdrawal(created));
    },
  );

  app.post(
    '/api/me/withdrawal-requests/:withdrawalRequestId/cancel',
    {
      schema: {
        tags: ['earnings'],
        summary: 'Cancels the caller’s pending withdrawal request; the amount is released',
        params: withdrawalRequestParams,
        response: { 200: myWithdrawal, ...refusals },
      },
    },
    async (request) => {
      const { id } = caller(request);
      return presentMyWithdrawal(await withdrawals.cancel(id, request.params.withdrawalRequestId));
    },
  );
};
