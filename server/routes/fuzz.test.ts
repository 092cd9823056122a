import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/errors';
import el from '../../common/i18n/el.json' with { type: 'json' };
import en from '../../common/i18n/en.json' with { type: 'json' };
import { AUTH_OPERATIONS, isAuthOperation } from '../../tests/support/auth-operations';
import { createWithdrawalRequest } from '../../tests/support/earnings-factories';
import { createBillingAddress, createUser, createVideo, type TestUser } from '../../tests/support/factories';
import { type FuzzRequest, malformedRequests } from '../../tests/support/fuzz-requests';
import { PATH_ATTACKS } from '../../tests/support/fuzz-values';
import { pngDataUrl } from '../../tests/support/images';
import { createLicenseRequest } from '../../tests/support/licensing-factories';
import { type Operation, publishedOperations } from '../../tests/support/openapi';
import { changedCounts, publicTables, rowCounter } from '../../tests/support/row-counts';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { TV_HOST } from '../../tests/support/tv';
import * as valid from '../../tests/support/valid-bodies';

/**
 * Schema-driven fuzzing: every operation of the published OpenAPI document gets generated malformed
 * requests (wrong types, missing and extra fields, hostile text, odd numbers, broken JSON, wrong content
 * types, deep nesting, traversal in paths, broken cursors), each sent by a visitor, a verified member and
 * staff. No answer may be a 5xx; every refusal speaks our error shape with a code both languages
 * translate; and a batch of refused requests leaves the row count of every table as it was.
 *
 * FUZZ_SEED replays a run (the seed is printed); FUZZ_RUNS sets the number of requests (about 2,000 by
 * default, for CI); FUZZ_REPORT names a file for the figures (`npm run fuzz` reads it).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const REQUESTS = Number(process.env.FUZZ_RUNS ?? 2_100);
const CALLERS = ['visitor', 'verified', 'staff'] as const;
type Who = (typeof CALLERS)[number];

/**
 * Refusals that may be other than JSON, by operation, with the reason. Everything else must be JSON.
 */
const NOT_JSON_REFUSALS: Record<string, string> = {};

/**
 * Tables that count requests rather than hold what they asked for, left out of the row counts with the
 * reason: their rows change on refused requests by design.
 */
const COUNTER_TABLES: Record<string, string> = {
  // On PostgreSQL every limited route counts each client's hits, refused or not, in one row per route and
  // client address; the fuzz suite's fresh address per request adds a row each time.
  rate_limit_hits: 'rate-limit counters',
  // better-auth's own counters: one row per endpoint and client address, refused requests included.
  auth_rate_limits: "better-auth's rate-limit counters",
  // Failed password sign-ins, one row per e-mail address tried, known or not.
  sign_in_failures: 'failed sign-in counters per account',
};

/**
 * Operations fuzzed by a visitor only, with the reason: a success as a signed-in caller would end the
 * sessions every later request uses.
 */
const VISITOR_ONLY: Record<string, string> = {
  'POST /api/auth/sign-out': 'it reads no body and ends the caller session, so only a visitor sends it',
};

/** An SSE stream stays open: only its status line is read unless it is a refusal. */
const STREAMS = new Set(['GET /api/events']);

interface Finding {
  kind: '5xx' | 'error shape' | 'rows changed';
  operation: string;
  detail: string;
}

let t: TestApp;
let webDir: string;
let users: Record<Exclude<Who, 'visitor'>, TestUser>;
let operations: Operation[];
let tables: string[];
let counter: Awaited<ReturnType<typeof rowCounter>>;
const rowCounts = () => counter.count();
const findings: Finding[] = [];
const byOperation: Record<string, Record<number, number>> = {};
const byStatus: Record<number, number> = {};
let sent = 0;

const translated = (code: string) =>
  (ERROR_CODES as readonly string[]).includes(code) &&
  typeof (en.errors as Record<string, unknown>)[code] === 'string' &&
  typeof (el.errors as Record<string, unknown>)[code] === 'string';
/** better-auth's codes, which the web app translates under `auth.serverErrors` (lib/error-message.ts). */
const translatedAuthCode = (code: string) =>
  typeof (en.auth.serverErrors as Record<string, unknown>)[code] === 'string' &&
  typeof (el.auth.serverErrors as Record<string, unknown>)[code] === 'string';

const describeRequest = (who: Who, request: FuzzRequest) => {
  const payload = request.payload === undefined ? '' : String(request.payload);
  return `${who} ${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)} [${request.bodyKind}] ${JSON.stringify(payload.slice(0, 300))}${payload.length > 300 ? `... (${payload.length} chars)` : ''}`;
};

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}
type Transport = (operation: Operation, who: Who, request: FuzzRequest) => Promise<Answer>;

/** Sends one request as `who`, from our own origin and an address of its own (clear of the rate limits). */
async function send(operation: Operation, who: Who, request: FuzzRequest): Promise<Answer> {
  sent++;
  const stream = STREAMS.has(operation.key);
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: {
      origin: t.config.publicUrl,
      ...(who !== 'visitor' && { cookie: users[who].cookie }),
      ...request.headers,
    },
    ...(request.payload !== undefined && { payload: request.payload }),
    remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    ...(stream && { payloadAsStream: true }),
  });
  let body = '';
  if (stream) {
    if (response.statusCode < 300) response.stream().destroy();
    else body = await readAll(response.stream());
  } else body = response.body;
  return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body };
}

/** What is wrong with an answer, if anything. */
function problemOf(operation: Operation, answer: Answer): Finding['kind'] | null {
  if (answer.status >= 500) return '5xx';
  if (answer.status < 400 || operation.method === 'HEAD') return null; // a HEAD answer has no body
  if (!answer.contentType.startsWith('application/json')) {
    return operation.key in NOT_JSON_REFUSALS ? null : 'error shape';
  }
  try {
    const { code } = JSON.parse(answer.body) as { code?: unknown };
    if (typeof code !== 'string') return 'error shape';
    return translated(code) || (isAuthOperation(operation) && translatedAuthCode(code))
      ? null
      : 'error shape';
  } catch {
    return 'error shape';
  }
}

/** Every caller sends the request; then the row counts must be as they were unless a write succeeded. */
async function fuzzOnce(
  operation: Operation,
  request: FuzzRequest,
  before: Record<string, number>,
  transport: Transport = send,
) {
  let wrote = false;
  const answers: string[] = [];
  for (const who of operation.key in VISITOR_ONLY ? (['visitor'] as const) : CALLERS) {
    const answer = await transport(operation, who, request);
    const statuses = byOperation[operation.key] ?? {};
    byOperation[operation.key] = statuses;
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    if (answer.status < 300 && operation.method !== 'GET' && operation.method !== 'HEAD') wrote = true;
    answers.push(`${who}: ${answer.status}`);
    const kind = problemOf(operation, answer);
    if (kind) {
      findings.push({
        kind,
        operation: operation.key,
        detail: `${describeRequest(who, request)}\n  -> ${answer.status} ${answer.contentType} ${answer.body.slice(0, 300)}`,
      });
    }
  }
  const after = await rowCounts();
  const changed = changedCounts(before, after);
  if (changed.length > 0 && !wrote) {
    findings.push({
      kind: 'rows changed',
      operation: operation.key,
      detail: `${describeRequest('visitor', request)} (${answers.join(', ')}): ${changed.join(', ')}`,
    });
  }
  return after;
}

/**
 * The same over a real socket, to 127.0.0.1: inject resolves `..` and `%2e%2e` segments as a browser
 * would (WHATWG URL), but a hand-made client sends the path as written, so traversal reaches the router.
 */
const overSocket =
  (port: number): Transport =>
  (_operation, who, request) =>
    new Promise((resolve, reject) => {
      sent++;
      const outgoing = http.request(
        {
          host: '127.0.0.1',
          port,
          // Every 127.x.y.z is this machine: a fresh source address, clear of the rate limits.
          localAddress: `127.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255 || 1}`,
          method: request.method,
          path: request.url,
          headers: {
            origin: t.config.publicUrl,
            ...(who !== 'visitor' && { cookie: users[who].cookie }),
            ...request.headers,
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              contentType: String(incoming.headers['content-type'] ?? ''),
              body: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.payload);
    });

beforeAll(async () => {
  console.log(`fuzz: seed ${SEED} (FUZZ_SEED to replay), ${REQUESTS} requests (FUZZ_RUNS)`);
  // A stand-in for the built web app, so page addresses answer as in production (not 503 "not built").
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-fuzz-web-'));
  for (const page of ['index.html', 'tv.html'])
    await fs.writeFile(path.join(webDir, page), '<!doctype html>');
  // A social provider, so the social sign-in and link endpoints answer as in production.
  t = await createTestApp(
    { TV_HOSTNAMES: TV_HOST, GOOGLE_CLIENT_ID: 'fuzz-client', GOOGLE_CLIENT_SECRET: 'fuzz-secret' },
    { webDir },
  );
  users = {
    verified: await createUser(t, { verified: true }),
    staff: await createUser(t, { verified: true, rights: ['manage_videos'] }),
  };
  // Our published operations, and better-auth's open endpoints, which the document does not list.
  operations = [...(await publishedOperations(t.app)), ...AUTH_OPERATIONS];
  tables = (await publicTables(t.database)).filter((table) => !(table in COUNTER_TABLES));
  counter = await rowCounter(t.database, tables);
  console.log(`fuzz: row counts of ${tables.length} tables checked after every request`);
}, 120_000);

afterAll(async () => {
  if (process.env.FUZZ_REPORT) {
    const rowChanges = findings.filter((finding) => finding.kind === 'rows changed').length;
    await fs.writeFile(
      process.env.FUZZ_REPORT,
      JSON.stringify({ seed: SEED, sent, byOperation, byStatus, findings, rowChanges }, null, 1),
    );
  }
  await counter?.drop();
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

/**
 * What one fuzzing test found, checked at its own end: no 5xx, every refusal in the error shape with a
 * code both languages translate, and the row count of every table as it was after refused requests.
 */
function expectNothingFound(from: number) {
  const found = findings.slice(from);
  const report = (kind: Finding['kind']) =>
    found
      .filter((finding) => finding.kind === kind)
      .slice(0, 15)
      .map((finding) => `${finding.operation}\n  ${finding.detail}`)
      .join('\n');
  for (const kind of ['5xx', 'error shape', 'rows changed'] as const) {
    expect(found.filter((f) => f.kind === kind).length, `${kind}\n${report(kind)}`).toBe(0);
  }
}

describe('schema-driven fuzzing of every published operation', () => {
  it('sends malformed requests to every operation as a visitor, a verified member and staff', async () => {
    const from = findings.length;
    const owner = users.verified.id;
    const licensed = await createVideo(t.db, users.staff.id, { status: 'ready' });
    const ids = [
      await createVideo(t.db, owner),
      // The verified member's license requests: one to pay for, one paid.
      await createLicenseRequest(t.db, { videoId: licensed, buyerId: owner }),
      await createLicenseRequest(t.db, { videoId: licensed, buyerId: owner, status: 'completed' }),
      await createVideo(t.db, owner, { status: 'not_verified' }),
      await createVideo(t.db, owner, { status: 'not_uploaded' }),
      await createBillingAddress(t.db, owner),
      owner,
      users.staff.id,
      await createWithdrawalRequest(t.db, owner, { amountCents: 1000 }),
    ];
    const signature = await pngDataUrl();
    const validBodies: Record<string, () => Record<string, unknown>> = {
      'POST /api/abuse-reports': () => valid.abuseReportValues,
      'PUT /api/admin/settings': () => valid.appSettingsValues,
      'POST /api/admin/license-types': () => valid.licenseTypeValues,
      'PUT /api/admin/license-types/{licenseTypeId}': () => valid.licenseTypeValues,
      'PUT /api/admin/privacy': () => valid.privacyPolicyValues,
      'POST /api/admin/abuse-reports/{reportId}/handle': () => valid.abuseHandleValues,
      'POST /api/account/email': () => ({ newEmail: 'new@example.com', password: 'secret-password' }),
      'POST /api/verification/email': () => ({ email: 'someone@example.com' }),
      'POST /api/me/billing-addresses': () => valid.billingValues,
      'POST /api/me/withdrawal-requests': () => valid.withdrawalValues,
      'PUT /api/me/billing-addresses/{id}': () => valid.billingValues,
      'PUT /api/me/profile': valid.profileValues,
      'POST /api/videos': () => valid.submissionValues(signature),
      'PUT /api/videos/{videoId}': () => valid.editValues,
      'POST /api/videos/{videoId}/edit_suggestions': () => valid.editValues,
      'POST /api/videos/{videoId}/status': () => ({ to: 'approved', reason: '' }),
      'POST /api/video_edits/{suggestionId}/reject': () => ({ reason: 'Not what the video shows' }),
      'POST /api/payments/sandbox/sessions/{sessionId}/events': () => ({ outcome: 'paid' }),
      'POST /api/license-requests/{id}/refund': () => valid.licenseRefundValues,
      'POST /api/admin/mrss-feeds': () => valid.mrssFeedValues,
      'POST /api/admin/mrss-feeds/preview': () => ({ filter: valid.mrssFeedValues.filter }),
      'PUT /api/admin/mrss-feeds/{feedId}': () => valid.mrssFeedValues,
      'POST /api/admin/mrss-feeds/{feedId}/tokens': () => valid.mrssTokenValues,
      'POST /api/admin/transactions': () => valid.adjustmentValues(owner),
      'POST /api/admin/withdrawal-requests/{id}/pay': () => valid.withdrawalPayValues,
      'POST /api/admin/withdrawal-requests/{id}/reject': () => valid.withdrawalRejectValues,
      'PUT /api/admin/users/{userId}/rights': () => valid.userRightsValues,
      'POST /api/admin/users/{userId}/disable': () => valid.userStateValues,
      'POST /api/admin/users/{userId}/enable': () => valid.userStateValues,
      'POST /api/auth/sign-up/email': () => ({
        email: 'fuzzed@example.com',
        password: 'secret-pass',
        name: '',
      }),
      'POST /api/auth/sign-in/email': () => ({ email: 'fuzzed@example.com', password: 'secret-pass' }),
      'POST /api/auth/request-password-reset': () => ({ email: 'fuzzed@example.com' }),
      'POST /api/auth/reset-password': () => ({ token: 'not-a-real-token', newPassword: 'another-pass' }),
      'POST /api/auth/change-password': () => ({
        currentPassword: 'secret-pass',
        newPassword: 'another-pass',
      }),
      'POST /api/auth/sign-in/social': () => ({ provider: 'google', callbackURL: '/' }),
      'POST /api/auth/link-social': () => ({ provider: 'google', callbackURL: '/' }),
    };
    expect(tables.length, 'the tables of the public schema').toBeGreaterThan(10);
    const runs = Math.max(1, Math.ceil(REQUESTS / CALLERS.length / operations.length));
    let counts = await rowCounts();
    for (const [index, operation] of operations.entries()) {
      const requests = fc.sample(malformedRequests(operation, { ids, tvHost: TV_HOST, validBodies }), {
        seed: SEED + index,
        numRuns: runs,
      });
      for (const request of requests) counts = await fuzzOnce(operation, request, counts);
    }
    expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, 2_000));
    expectNothingFound(from);
  }, 600_000);

  it('refuses traversal in every path parameter when it arrives unresolved, over a socket', async () => {
    const from = findings.length;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const transport = overSocket((t.app.server.address() as AddressInfo).port);
    let counts = await rowCounts();
    for (const operation of operations.filter((o) => o.path.includes('{') && o.key !== 'GET /_/{*}')) {
      for (const attack of [...PATH_ATTACKS, '..%2f..%2f..%2fpackage.json', '../../../package.json']) {
        const request: FuzzRequest = {
          method: operation.method,
          url: operation.path.replaceAll(/\{[^}]+\}/g, attack),
          headers: operation.path.startsWith('/api/tv/') ? { host: TV_HOST } : {},
          bodyKind: 'none',
        };
        counts = await fuzzOnce(operation, request, counts, transport);
      }
    }
    expectNothingFound(from);
    // Every request counts the rows of every table: tens of operations with path parameters take longer
    // than the default 30 s on a busy machine.
  }, 300_000);
});
