import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  form: URLSearchParams;
}

/**
 * A local stand-in for the part of Stripe's API the driver uses (Stripe itself is not reachable here):
 * create, retrieve and expire Checkout Sessions. It records what it was sent; `failNext` makes the next
 * request answer 500, as an outage would.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
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
      const match = /^\/v1\/checkout\/sessions(?:\/([^/]+))?(\/expire)?$/.exec(url.pathname);
      if (!match) return reply(404, { error: { type: 'invalid_request_error', message: 'no such route' } });
      const [, id, expire] = match;
      if (!id && request.method === 'POST') {
        const form = new URLSearchParams(body);
        const session: FakeSession = {
          id: `cs_test_${crypto.randomBytes(12).toString('hex')}`,
          status: 'open',
          form,
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
  const present = (session: FakeSession) => ({
    id: session.id,
    object: 'checkout.session',
    status: session.status,
    url: `https://checkout.stripe.test/c/pay/${session.id}`,
    amount_total: Number(session.form.get('line_items[0][price_data][unit_amount]')),
    currency: session.form.get('line_items[0][price_data][currency]'),
    metadata: { license_request_id: session.form.get('metadata[license_request_id]') },
    client_reference_id: session.form.get('client_reference_id'),
    payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
