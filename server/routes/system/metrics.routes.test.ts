import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createUserRow, createVideo } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { createUpload, createWaitingVideo, patchUpload } from '../../../tests/support/uploads';
import { AVATAR_IMPORT_QUEUE } from '../../jobs/avatar-import.job';
import { createQueue, ensureQueues } from '../../jobs/queue';
import { OUTBOX_DELIVERY } from '../../services/mail/mail-outbox';

/**
 * Prometheus metrics at /metrics: off without METRICS_TOKEN, the token's bearer only, and what an operator
 * needs (requests by route pattern, the job queues, the outbox, uploads, live-event clients) with no
 * user's data in any label. The job queue is pg-boss on the app's own database, with no worker.
 */
const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
let queue: PgBoss;
beforeAll(async () => {
  const database = await createTestDatabase();
  queue = createQueue(database);
  await queue.start();
  await ensureQueues(queue, [AVATAR_IMPORT_QUEUE]);
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, { database });
});
afterAll(async () => {
  await queue.stop({ graceful: false, close: false });
  await t.close();
  await t.database.close();
});

/** The metrics as the scraper reads them. */
async function scrape(): Promise<string> {
  const response = await t.app.inject({ url: '/metrics', headers: bearer });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** One series' value (`name{labels}` exactly as printed), or undefined when the scrape has no such line. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const requests = (route: string, method: string, statusClass: string) =>
  `clipmarket_http_requests_total{route="${route}",method="${method}",status_class="${statusClass}"}`;

/** Waits (up to 5 s) for `check` to hold on a fresh scrape. */
async function until(check: (text: string) => boolean): Promise<string> {
  let text = await scrape();
  for (let i = 0; i < 100 && !check(text); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    text = await scrape();
  }
  return text;
}

describe('/metrics', () => {
  it('does not exist without METRICS_TOKEN: 404 like any unknown path, with a token or without', async () => {
    const off = await createTestApp();
    try {
      for (const headers of [{}, bearer]) {
        const response = await off.app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
      const document = (await off.app.inject('/api/docs/json')).json();
      expect(Object.keys(document.paths)).not.toContain('/metrics');
    } finally {
      await off.close();
    }
    // A second app of its own (a database made and migrated): 38 s once beside the whole suite.
  }, 90_000);

  it('refuses a missing, wrong or malformed token with 401 in our error shape, signed in or not', async () => {
    const member = await createUser(t);
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-of-some-length-0123456789abcdef' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { cookie: member.cookie },
    ];
    for (const headers of refused) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    }
  });

  it("answers the token's bearer in the Prometheus text format, never kept by a cache, with the process metrics", async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `bearer  ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(response.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('counts requests by route pattern, method and status class, never by the path or its ids', async () => {
    const owner = await createUserRow(t.db, { email: 'owner-of-the-clip@example.com' });
    const videoId = await createVideo(t.db, owner);
    const before = seriesValue(await scrape(), requests('/api/videos/:videoId', 'GET', '2xx')) ?? 0;
    for (let i = 0; i < 2; i++) expect((await t.app.inject(`/api/videos/${videoId}`)).statusCode).toBe(200);
    await t.app.inject('/api/no-such-thing/12345');
    await t.app.inject('/some/page/of/the/app');
    await t.app.inject({ method: 'PROPFIND', url: '/api/videos' });

    const text = await scrape();
    expect(seriesValue(text, requests('/api/videos/:videoId', 'GET', '2xx'))).toBe(before + 2);
    expect(seriesValue(text, requests('(unmatched)', 'GET', '4xx'))).toBeGreaterThanOrEqual(1);
    // The test app has no web build: the page answers 503 "not built", counted as the web app's.
    expect(seriesValue(text, requests('(web app)', 'GET', '5xx'))).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, requests('(unmatched)', 'OTHER', '4xx'))).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /^clipmarket_http_request_duration_seconds_count\{route="\/api\/videos\/:videoId",method="GET",status_class="2xx"\} \d+$/m,
    );
    for (const userData of [videoId, owner, 'owner-of-the-clip', '12345', '/some/page'])
      expect(text).not.toContain(userData);
  });

  it("gives each queue's waiting, deferred, active and failed jobs and its oldest waiting job's age, read when scraped", async () => {
    const waiting = `clipmarket_job_queue_jobs{queue="${AVATAR_IMPORT_QUEUE}",state="waiting"}`;
    const deferred = `clipmarket_job_queue_jobs{queue="${AVATAR_IMPORT_QUEUE}",state="deferred"}`;
    const oldest = `clipmarket_job_queue_oldest_waiting_seconds{queue="${AVATAR_IMPORT_QUEUE}"}`;
    let text = await scrape();
    expect(seriesValue(text, waiting)).toBe(0);
    expect(seriesValue(text, oldest)).toBe(0);
    expect(
      seriesValue(text, `clipmarket_job_queue_jobs{queue="${AVATAR_IMPORT_QUEUE}",state="failed"}`),
    ).toBe(0);

    const job = { userId: 'a-user-id-0001', url: 'https://pictures.example.com/a.jpg', provider: 'google' };
    await queue.send(AVATAR_IMPORT_QUEUE, job);
    await queue.send(AVATAR_IMPORT_QUEUE, job, { startAfter: 3600 });
    // Backdated, as if no worker had taken it for a minute.
    await t.database.pool.query(
      `update pgboss.job set start_after = now() - interval '60 seconds' where name = $1 and start_after <= now()`,
      [AVATAR_IMPORT_QUEUE],
    );

    text = await scrape();
    expect(seriesValue(text, waiting)).toBe(1);
    expect(seriesValue(text, deferred)).toBe(1);
    expect(
      seriesValue(text, `clipmarket_job_queue_jobs{queue="${AVATAR_IMPORT_QUEUE}",state="active"}`),
    ).toBe(0);
    expect(seriesValue(text, oldest)).toBeGreaterThanOrEqual(60);
    expect(seriesValue(text, oldest)).toBeLessThan(120);
    for (const jobData of ['a-user-id-0001', 'pictures.example.com']) expect(text).not.toContain(jobData);
  });

  it("gives the mail outbox's depth: mails still being tried and mails given up on", async () => {
    await t.outbox.idle();
    const unsent = (state: string) => `clipmarket_mail_outbox_unsent{state="${state}"}`;
    const before = await scrape();
    const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
    // Written in one transaction, with the waiting mail's next try an hour away and the other given up on:
    // the commit wakes the delivery worker (on PostgreSQL at once), and it must find neither due.
    await t.db.transaction().execute(async (trx) => {
      await t.outbox.enqueue(trx, mail);
      await t.outbox.enqueue(trx, { ...mail, to: 'given-up@example.com' });
      await trx
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(Date.now() + 3_600_000) })
        .where('recipient', '=', 'someone@example.com')
        .where('sent_at', 'is', null)
        .execute();
      await trx
        .updateTable('mail_outbox')
        .set({ attempts: OUTBOX_DELIVERY.maxAttempts })
        .where('recipient', '=', 'given-up@example.com')
        .execute();
    });

    const text = await scrape();
    expect(seriesValue(text, unsent('waiting'))).toBe((seriesValue(before, unsent('waiting')) ?? 0) + 1);
    expect(seriesValue(text, unsent('failed'))).toBe((seriesValue(before, unsent('failed')) ?? 0) + 1);
    expect(text).not.toContain('example.com');
  });

  it('counts the bytes of uploads as they are stored', async () => {
    const bytesReceived = 'clipmarket_upload_received_bytes_total';
    const before = seriesValue(await scrape(), bytesReceived) ?? 0;
    const creator = await createUser(t, { verified: true });
    const videoId = await createWaitingVideo(t, creator.id);
    const { response, location } = await createUpload(t, creator, {
      length: 10,
      metadata: { videoId, filename: 'clip.mp4', filetype: 'video/mp4' },
    });
    expect(response.statusCode).toBe(201);
    expect((await patchUpload(t, creator, location, 0, Buffer.from('0123'))).statusCode).toBe(204);
    // A chunk sent at the wrong offset stores nothing and counts nothing.
    expect((await patchUpload(t, creator, location, 0, Buffer.from('0123'))).statusCode).toBe(409);
    expect((await patchUpload(t, creator, location, 4, Buffer.from('456789'))).statusCode).toBe(204);

    const text = await scrape();
    expect(seriesValue(text, bytesReceived)).toBe(before + 10);
    expect(seriesValue(text, requests('/api/uploads/:id', 'PATCH', '2xx'))).toBe(2);
    expect(text).not.toContain(location.split('/').pop());
  });

  it('gives the live-event streams open on this instance', async () => {
    const clients = 'clipmarket_live_event_clients';
    const member = await createUser(t);
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events`, {
      headers: { cookie: member.cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(seriesValue(await until((text) => seriesValue(text, clients) === 1), clients)).toBe(1);
    controller.abort();
    expect(seriesValue(await until((text) => seriesValue(text, clients) === 0), clients)).toBe(0);
  });
});
