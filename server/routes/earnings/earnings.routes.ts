import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningsEndpoints as endpoints } from '../../../common/endpoints/earnings';
import { route } from '../route';

/**
 * The caller's money (SPEC 2.1 /me/transactions, 2.6): the operations of `common/endpoints/earnings.ts`.
 * No user id is taken: every read and change is the caller's own, so another member's ledger or request
 * is out of reach (a request id of someone else's is 404).
 */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { earnings, withdrawals, statements } = app.services;

  route(app, endpoints.balances, ({ caller }) => earnings.overview(caller.id));
  route(app, endpoints.transactions, ({ caller, query }) => earnings.history(caller.id, query));
  route(app, endpoints.exportTransactions, async ({ caller, query, reply }) => {
    const { csv, disposition } = await earnings.exportHistory(caller.id, query);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', disposition)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
  route(app, endpoints.statementMonths, ({ caller }) => statements.months(caller.id));
  route(app, endpoints.statement, async ({ caller, params, reply }) => {
    const { pdf, fileName } = await statements.pdf(caller.id, params.month);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('application/pdf')
      .send(pdf);
  });
  route(app, endpoints.withdrawals, ({ caller, query }) => withdrawals.list(caller.id, query));
  route(app, endpoints.requestWithdrawal, ({ caller, body }) => withdrawals.request(caller.id, body), {
    config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
  });
  route(app, endpoints.cancelWithdrawal, ({ caller, params }) =>
    withdrawals.cancel(caller.id, params.withdrawalRequestId),
  );
};
