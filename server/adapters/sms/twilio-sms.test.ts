import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SmsSendError } from './sms';
import { createSmsSender } from './sms-factory';

const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = 'auth-token-0123456789';

interface Received {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  form: URLSearchParams;
}

/** A real HTTP server standing in for api.twilio.com: records each request, answers what `next` says. */
let server: http.Server;
let baseUrl: string;
let received: Received[] = [];
let next: { status: number; body: string } = { status: 201, body: '{}' };

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const twilio = (from = '+15005550006') =>
  createSmsSender(
    { provider: 'twilio', twilioAccountSid: ACCOUNT_SID, twilioAuthToken: AUTH_TOKEN, twilioFrom: from },
    { outboxDir: '/nowhere', twilioBaseUrl: baseUrl },
  );

const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
});

describe('Twilio SMS driver', () => {
  it('posts the message to the Messages resource with basic auth and a form body', async () => {
    next = {
      status: 201,
      body: JSON.stringify({
        sid: 'SM00000000000000000000000000000001',
        account_sid: ACCOUNT_SID,
        to: '+35799123456',
        from: '+15005550006',
        body: 'Your code is 123456',
        status: 'queued',
        error_code: null,
        error_message: null,
      }),
    };
    await twilio().send({ to: '+35799123456', body: 'Your code is 123456' });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+35799123456',
      From: '+15005550006',
      Body: 'Your code is 123456',
    });
  });

  it('sends a Messaging Service SID as MessagingServiceSid, not From', async () => {
    next = { status: 201, body: '{"sid":"SM1","status":"accepted"}' };
    await twilio('MG00000000000000000000000000000001').send({ to: '+306912345678', body: 'Γεια σας' });
    expect(Object.fromEntries(received[0]?.form ?? [])).toEqual({
      To: '+306912345678',
      MessagingServiceSid: 'MG00000000000000000000000000000001',
      Body: 'Γεια σας',
    });
  });

  const failures: [string, { status: number; body: string }, string][] = [
    [
      'an invalid To number (21211)',
      twilioError(400, 21211, "The 'To' number +3579 is not a valid phone number."),
      'invalid-phone-number',
    ],
    [
      'a landline (21614)',
      twilioError(400, 21614, "'To' number is not a valid mobile number"),
      'invalid-phone-number',
    ],
    [
      "another 'To' validation code",
      twilioError(400, 21999, "Invalid 'To' Phone Number: +1abc"),
      'invalid-phone-number',
    ],
    ['HTTP 429', { status: 429, body: '' }, 'quota-exceeded'],
    ['code 20429', twilioError(429, 20429, 'Too Many Requests'), 'quota-exceeded'],
    ['code 30022 on a 400', twilioError(400, 30022, 'US A2P 10DLC - Rate Limit Exceeded'), 'quota-exceeded'],
    [
      'a region not enabled (21408)',
      twilioError(400, 21408, 'Permission to send an SMS has not been enabled for the region'),
      'operation-not-allowed',
    ],
    [
      'an unsubscribed recipient (21610)',
      twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'),
      'operation-not-allowed',
    ],
    ['bad credentials (20003)', twilioError(401, 20003, 'Authenticate'), 'operation-not-allowed'],
    ['a server error', twilioError(500, 20500, 'Internal Server Error'), 'internal-error'],
    ['a page that is not JSON', { status: 502, body: '<html>Bad gateway</html>' }, 'internal-error'],
  ];
  it.each(failures)('maps %s to %s', async (_name, answer, reason) => {
    next = answer;
    const sending = twilio().send({ to: '+35799123456', body: 'x' });
    await expect(sending).rejects.toBeInstanceOf(SmsSendError);
    await expect(sending).rejects.toMatchObject({ reason });
  });

  it("keeps Twilio's code and message in the error, for the logs", async () => {
    next = twilioError(400, 21211, "The 'To' number +3579 is not a valid phone number.");
    await expect(twilio().send({ to: '+3579', body: 'x' })).rejects.toThrow(
      "Twilio answered 400 (code 21211): The 'To' number +3579 is not a valid phone number.",
    );
  });

  it('reports an unreachable Twilio as an internal error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createSmsSender(
      {
        provider: 'twilio',
        twilioAccountSid: ACCOUNT_SID,
        twilioAuthToken: AUTH_TOKEN,
        twilioFrom: '+15005550006',
      },
      { outboxDir: '/nowhere', twilioBaseUrl: `http://127.0.0.1:${port}` },
    );
    await expect(unreachable.send({ to: '+35799123456', body: 'x' })).rejects.toMatchObject({
      reason: 'internal-error',
    });
  });
});
