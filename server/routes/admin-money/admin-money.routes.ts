import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adjustmentInput,
  adjustmentResult,
  adminTransactionList,
  adminTransactionsFilter,
  adminTransactionsQuery,
  adminWithdrawalDetail,
  adminWithdrawalList,
  adminWithdrawalsQuery,
  payWithdrawalInput,
  rejectWithdrawalInput,
  withdrawalDecision,
  withdrawalParams,
} from '../../../common/contracts/admin-money';
import { assertAdmin } from '../../policies/staff.policy';
import {
  presentAdminLedgerRow,
  presentWithdrawal,
  presentWithdrawalDetail,
} from '../../services/admin-money/admin-money-presenter';
import { cursorAfter, pageOf } from '../../services/paging';
import { errorBody, errorResponses } from '../responses';

const refusals = { ...errorResponses, 409: errorBody };

/**
 * The money back office (SPEC 2.1 /admin/withdrawal_requests and /admin/transactions), admins only, in
 * two plugins: withdrawal requests paid or rejected (this one), and the whole ledger with totals and CSV,
 * and adjustments (adminTransactionsRoutes).
 */
export const adminWithdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { withdrawalPayouts } = app.services;

  app.get(
    '/api/admin/withdrawal-requests',
    {
      schema: {
        tags: ['admin'],
        summary: 'Withdrawal requests, oldest first, optionally of one status (admins)',
        querystring: adminWithdrawalsQuery,
        response: { 200: adminWithdrawalList, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const { limit, cursor, status } = request.query;
      const rows = await withdrawalPayouts.list({ limit, status, afterId: cursorAfter(cursor) });
      reply.header('cache-control', 'no-store');
      return pageOf(rows, limit, presentWithdrawal);
    },
  );

  app.get(
    '/api/admin/withdrawal-requests/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "A withdrawal request with the user's balances and newest ledger rows (admins)",
        params: withdrawalParams,
        response: { 200: adminWithdrawalDetail, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      reply.header('cache-control', 'no-store');
      return presentWithdrawalDetail(await withdrawalPayouts.details(request.params.id));
    },
  );

  app.post(
    '/api/admin/withdrawal-requests/:id/pay',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pays a pending request: records a manual transfer by its reference, or pays through PayPal',
        params: withdrawalParams,
        body: payWithdrawalInput,
        response: { 200: withdrawalDecision, ...refusals },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      const status = await withdrawalPayouts.pay(request.user.id, request.params.id, request.body.reference);
      return withdrawalDecision.parse({ status });
    },
  );

  app.post(
    '/api/admin/withdrawal-requests/:id/refresh',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reads a payout under way at the provider again; completes or fails it when it has',
        params: withdrawalParams,
        response: { 200: withdrawalDecision, ...refusals },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      const status = await withdrawalPayouts.refresh(request.params.id, request.user.id);
      return withdrawalDecision.parse({ status });
    },
  );

  app.post(
    '/api/admin/withdrawal-requests/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rejects a pending request with a reason; the amount is released and the user told',
        params: withdrawalParams,
        body: rejectWithdrawalInput,
        response: { 200: withdrawalDecision, ...refusals },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      await withdrawalPayouts.reject(request.user.id, request.params.id, request.body.reason);
      return { status: 'rejected' as const };
    },
  );
};

/** The whole ledger by filter, with totals per type and as CSV, and an admin's adjustments (admins only). */
export const adminTransactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminLedger } = app.services;

  app.get(
    '/api/admin/transactions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every ledger row by filter, newest first, with totals per type over the filter (admins)',
        querystring: adminTransactionsQuery,
        response: { 200: adminTransactionList, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const { limit, cursor, ...filter } = request.query;
      const { rows, totals } = await adminLedger.list(filter, { limit, afterId: cursorAfter(cursor) });
      reply.header('cache-control', 'no-store');
      return {
        ...pageOf(rows, limit, presentAdminLedgerRow),
        totals: adminTransactionList.shape.totals.parse(totals),
      };
    },
  );

  app.get(
    '/api/admin/transactions.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The ledger rows of a filter as CSV (admins)',
        querystring: adminTransactionsFilter,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const csv = await adminLedger.csv(request.query);
      reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"');
      return csv;
    },
  );

  app.post(
    '/api/admin/transactions',
    {
      config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: ['admin'],
        summary: "An admin's credit (income_transfer) or debit (outgoing_transfer) of a user, with a reason",
        body: adjustmentInput,
        response: { 201: adjustmentResult, ...refusals },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const id = await adminLedger.adjust(request.user.id, request.body);
      return reply.status(201).send({ id });
    },
  );
};
