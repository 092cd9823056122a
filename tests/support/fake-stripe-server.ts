import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  form: URLSearchParams;
  /** Created with the session; Stripe shows it once the session is paid. */
  paymentIntent: string;
}

export interface FakeRefund {
  id: string;
  paymentIntent: string;
  amount: number;
  idempotencyKey: string | undefined;
  metadata: Record<string, string>;
}

/**
 * A local stand-in for the part of Stripe's API the driver uses (Stripe itself is not reachable here):
 * create, retrieve and expire Checkout Sessions, and create Refunds of a paid session's PaymentIntent
 * (with Stripe's idempotency: the same `Idempotency-Key` answers the first result again; a payment takes
 * refunds of parts until it is refunded in full, then refuses another, and refuses a part larger than
 * what is left), and list a PaymentIntent's refunds. It records what it was sent; `state.failing` makes
 * every request answer 500, as an outage would.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeRefund[] = [];
  const byIdempotencyKey = new Map<string, FakeRefund>();
  const state = { failing: false };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
        response.end(JSON.stringify(json));
      };
      if (state.failing) return reply(500, { error: { type: 'api_error', message: 'down for the test' } });
      if (request.headers.authorization !== 'Bearer sk_test_fake') {
        return reply(401, { error: { type: 'invalid_request_error', message: 'bad key' } });
      }
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === '/v1/refunds' && request.method === 'POST') {
        return createRefund(new URLSearchParams(body), request.headers['idempotency-key'], reply);
      }
      if (url.pathname === '/v1/refunds' && request.method === 'GET') {
        const paymentIntent = url.searchParams.get('payment_intent');
        const data = refunds.filter((r) => r.paymentIntent === paymentIntent).map(presentRefund);
        return reply(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      const match = /^\/v1\/checkout\/sessions(?:\/([^/]+))?(\/expire)?$/.exec(url.pathname);
      if (!match) return reply(404, { error: { type: 'invalid_request_error', message: 'no such route' } });
      const [, id, expire] = match;
      if (!id && request.method === 'POST') {
        const form = new URLSearchParams(body);
        const session: FakeSession = {
          id: `cs_test_${crypto.randomBytes(12).toString('hex')}`,
          status: 'open',
          form,
          paymentIntent: `pi_test_${crypto.randomBytes(12).toString('hex')}`,
        };
        sessions.set(session.id, session);
        return reply(200, present(session));
      }
      const session = id ? sessions.get(id) : undefined;
      if (!session)
        return reply(404, { error: { type: 'invalid_request_error', message: 'no such session' } });
      if (expire && request.method === 'POST') {
        if (session.status !== 'open') {
          return reply(400, { error: { type: 'invalid_request_error', message: 'session is not open' } });
        }
        session.status = 'expired';
      }
      return reply(200, present(session));
    });
  });
  function createRefund(
    form: URLSearchParams,
    key: string | string[] | undefined,
    reply: (status: number, json: unknown) => void,
  ) {
    const idempotencyKey = Array.isArray(key) ? key[0] : key;
    const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
    if (earlier) return reply(200, presentRefund(earlier));
    const paymentIntent = form.get('payment_intent');
    const session = [...sessions.values()].find((s) => s.paymentIntent === paymentIntent);
    if (session?.status !== 'complete') {
      return reply(400, { error: { type: 'invalid_request_error', message: 'no such payment' } });
    }
    const paid = Number(session.form.get('line_items[0][price_data][unit_amount]'));
    const refunded = refunds
      .filter((r) => r.paymentIntent === paymentIntent)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = Number(form.get('amount') ?? paid - refunded);
    if (refunded >= paid) {
      return reply(400, {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'Charge has already been refunded.',
        },
      });
    }
    if (amount > paid - refunded) {
      return reply(400, {
        error: {
          type: 'invalid_request_error',
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid - refunded})`,
        },
      });
    }
    const refund: FakeRefund = {
      id: `re_test_${crypto.randomBytes(12).toString('hex')}`,
      paymentIntent: session.paymentIntent,
      amount,
      idempotencyKey,
      metadata: { license_request_id: form.get('metadata[license_request_id]') ?? '' },
    };
    refunds.push(refund);
    if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund);
    return reply(200, presentRefund(refund));
  }
  const presentRefund = (refund: FakeRefund) => ({
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    payment_intent: refund.paymentIntent,
    metadata: refund.metadata,
    status: 'succeeded',
  });
  const present = (session: FakeSession) => ({
    id: session.id,
    object: 'checkout.session',
    status: session.status,
    url: `https://checkout.stripe.test/c/pay/${session.id}`,
    amount_total: Number(session.form.get('line_items[0][price_data][unit_amount]')),
    currency: session.form.get('line_items[0][price_data][currency]'),
    metadata: {
      license_request_id: session.form.get('metadata[license_request_id]'),
      ...(session.form.has('metadata[license_bundle_id]') && {
        license_bundle_id: session.form.get('metadata[license_bundle_id]'),
      }),
    },
    client_reference_id: session.form.get('client_reference_id'),
    payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
    payment_intent: session.status === 'complete' ? session.paymentIntent : null,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    state,
    /** Stripe keeps an idempotency key 24 hours: this is the day after. */
    forgetIdempotencyKeys: () => byIdempotencyKey.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
