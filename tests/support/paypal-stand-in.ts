import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInBatch {
  payoutBatchId: string;
  senderBatchId: string;
  body: { items: { receiver: string; amount: { value: string; currency: string } }[] };
  batchStatus: string;
  itemStatus: string;
  itemError?: { name: string; message: string };
}

/**
 * A local stand-in for the part of PayPal's REST API the payout driver uses (PayPal is not reachable
 * here): the client-credentials token, creating a payout batch and reading it back. Like PayPal, a
 * second batch with a `sender_batch_id` already used is refused with a 400 whose details link to the
 * first. `state.delayNextCreateMs` holds the answer to the next create (the batch is made at once), so a
 * client with a shorter timeout loses the answer of a payout that went through.
 */
export async function startPayPalStandIn(credentials = { clientId: 'pp-client', clientSecret: 'pp-secret' }) {
  const batches = new Map<string, StandInBatch>();
  const state = { delayNextCreateMs: 0, tokens: 0, createCalls: 0 };
  const token = `A21AA${crypto.randomBytes(8).toString('hex')}`;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      const reply = (status: number, json: unknown) => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': 'standin' });
        response.end(JSON.stringify(json));
      };
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === '/v1/oauth2/token' && request.method === 'POST') {
        const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
        if (
          request.headers.authorization !== `Basic ${basic}` ||
          !body.includes('grant_type=client_credentials')
        ) {
          return reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        state.tokens++;
        return reply(200, {
          scope: 'https://uri.paypal.com/payments/payouts',
          access_token: token,
          token_type: 'Bearer',
          expires_in: 32400,
        });
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        return reply(401, {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials.',
        });
      }
      if (url.pathname === '/v1/payments/payouts' && request.method === 'POST') {
        state.createCalls++;
        const json = JSON.parse(body) as {
          sender_batch_header: { sender_batch_id: string };
          items: StandInBatch['body']['items'];
        };
        const senderBatchId = json.sender_batch_header.sender_batch_id;
        const existing = [...batches.values()].find((batch) => batch.senderBatchId === senderBatchId);
        if (existing) {
          return reply(400, {
            name: 'USER_BUSINESS_ERROR',
            message: 'User business error.',
            debug_id: 'standin',
            information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
            details: [
              {
                field: 'SENDER_BATCH_ID',
                location: 'body',
                issue: `Batch with given sender_batch_id already exists`,
                link: [
                  {
                    href: `http://${request.headers.host}/v1/payments/payouts/${existing.payoutBatchId}`,
                    rel: 'self',
                    method: 'GET',
                    encType: 'application/json',
                  },
                ],
              },
            ],
            links: [],
          });
        }
        const batch: StandInBatch = {
          payoutBatchId: crypto.randomBytes(7).toString('hex').toUpperCase(),
          senderBatchId,
          body: json,
          batchStatus: 'PENDING',
          itemStatus: 'PENDING',
        };
        batches.set(batch.payoutBatchId, batch);
        const delay = state.delayNextCreateMs;
        state.delayNextCreateMs = 0;
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
        return reply(201, {
          batch_header: {
            payout_batch_id: batch.payoutBatchId,
            batch_status: batch.batchStatus,
            sender_batch_header: json.sender_batch_header,
          },
          links: [],
        });
      }
      const match = /^\/v1\/payments\/payouts\/([A-Z0-9]+)$/.exec(url.pathname);
      const batch = match?.[1] ? batches.get(match[1]) : undefined;
      if (request.method === 'GET' && batch) {
        return reply(200, {
          batch_header: {
            payout_batch_id: batch.payoutBatchId,
            batch_status: batch.batchStatus,
            sender_batch_header: { sender_batch_id: batch.senderBatchId },
          },
          items: [
            {
              payout_item_id: `${batch.payoutBatchId}I`,
              transaction_status: batch.itemStatus,
              payout_batch_id: batch.payoutBatchId,
              payout_item: batch.body.items[0],
              ...(batch.itemError && { errors: batch.itemError }),
            },
          ],
        });
      }
      return reply(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    batches,
    state,
    /** What PayPal will say of the batch paid for a withdrawal. */
    settle(
      senderBatchId: string,
      change: Partial<Pick<StandInBatch, 'batchStatus' | 'itemStatus' | 'itemError'>>,
    ) {
      const batch = [...batches.values()].find((each) => each.senderBatchId === senderBatchId);
      if (!batch) throw new Error(`no batch for ${senderBatchId}`);
      Object.assign(batch, change);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type PayPalStandIn = Awaited<ReturnType<typeof startPayPalStandIn>>;
