import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMoneyEndpoints as endpoints } from '../../../common/endpoints/admin-money';
import { route } from '../route';

/**
 * The money back office (SPEC 2.1 /admin/withdrawal_requests and /admin/transactions), admins only: the
 * operations of `common/endpoints/admin-money.ts`, in two plugins: withdrawal requests paid or rejected
 * (this one), and the whole ledger with totals and CSV, and adjustments (adminTransactionsRoutes).
 */
export const adminWithdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { withdrawalPayouts } = app.services;

  route(app, endpoints.withdrawals, ({ query }) => withdrawalPayouts.list(query));
  route(app, endpoints.withdrawal, ({ params }) => withdrawalPayouts.details(params.id));
  route(app, endpoints.pay, ({ caller, params, body }) =>
    withdrawalPayouts.pay(caller.id, params.id, body.reference),
  );
  route(app, endpoints.refresh, ({ caller, params }) => withdrawalPayouts.refresh(caller.id, params.id));
  route(app, endpoints.reject, ({ caller, params, body }) =>
    withdrawalPayouts.reject(caller.id, params.id, body.reason),
  );
};

/** The whole ledger by filter, with totals per type and as CSV, and an admin's adjustments. */
export const adminTransactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminLedger } = app.services;

  route(app, endpoints.transactions, ({ query }) => adminLedger.list(query));
  route(app, endpoints.transactionsCsv, async ({ query, reply }) => {
    const csv = await adminLedger.csv(query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="transactions.csv"')
      .send(csv);
  });
  route(app, endpoints.adjust, ({ caller, body }) => adminLedger.adjust(caller.id, body), {
    config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
  });
};
