import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { createTestApp, signUp } from '../../../tests/support/test-app';
import type { UserEvent } from '../../adapters/events/event-bus';
import { inTransaction } from '../../repositories/executor';
import { liveEventsRepository } from '../../repositories/live-events.repository';

/** Live events over a real socket, fanned out through the database's LISTEN/NOTIFY. */
let base: string;
const t = setUpTestApp();
beforeAll(async () => {
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

const event = (videoId: string): UserEvent => ({
  type: 'video-status',
  videoId,
  title: 'Clip',
  status: 'not_verified',
});

/** Opens the stream as `cookie` and collects every event's data, duplicates included, until closed. */
async function listen(cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  const received: UserEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        // Whole messages only (a blank line ends one); the unfinished rest waits for more.
        const messages = buffer.split('\n\n');
        buffer = messages.pop()!;
        for (const message of messages) {
          for (const match of message.matchAll(/^data: (.+)$/gm)) received.push(JSON.parse(match[1]!));
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    received,
    async close() {
      controller.abort();
      await reading;
    },
  };
}
/** Waits (up to 5 s) until `check` holds; fails the test if it never does. */
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check(), 'waited 5 s in vain').toBe(true);
};
const ids = (stream: { received: UserEvent[] }) =>
  stream.received.map((e) => ('videoId' in e ? e.videoId : null));

describe('GET /api/events', () => {
  it('asks a visitor to sign in', async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
  });

  it("delivers a user's events to that user only, and only once the transaction commits", async () => {
    const owner = await signUp(t, { email: 'owner@example.com' });
    const other = await signUp(t, { email: 'other@example.com' });
    const ownerStream = await listen(owner.cookie);
    const otherStream = await listen(other.cookie);
    expect(ownerStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Sent inside a transaction that is rolled back: nobody hears it; inside one that commits: at the commit.
    const rolledBack = inTransaction(t.db, async (trx) => {
      await liveEventsRepository(trx).publish(owner.id, event('rolled-back'));
      throw new Error('undone');
    });
    await expect(rolledBack).rejects.toThrow('undone');
    await inTransaction(t.db, (trx) => liveEventsRepository(trx).publish(owner.id, event('committed')));
    await t.events.publish(owner.id, event('v1'));
    await t.events.publish(other.id, event('o1'));
    // Events arrive in the order they were sent (one channel): once each stream has its last one, anything
    // sent before it (the rolled-back event, the other user's events, a repeat) would have arrived too.
    await t.events.publish(owner.id, event('owner-last'));
    await t.events.publish(other.id, event('other-last'));
    await until(() => ids(ownerStream).includes('owner-last') && ids(otherStream).includes('other-last'));
    expect(ids(ownerStream)).toEqual(['committed', 'v1', 'owner-last']);
    expect(ids(otherStream)).toEqual(['o1', 'other-last']);
    await ownerStream.close();
    await otherStream.close();
  });
});

describe('shutting down', () => {
  // A stream left open would hold the shutdown for ever; the bound leaves room for a loaded machine (a
  // whole CI run once took over 5 s to close the app here).
  it('ends open streams, so the server can stop', { timeout: 60_000 }, async () => {
    const own = await createTestApp();
    const url = await own.app.listen({ host: '127.0.0.1', port: 0 });
    const user = await signUp(own, { email: 'leaver@example.com' });
    const response = await fetch(`${url}/api/events`, { headers: { cookie: user.cookie } });
    expect(response.status).toBe(200);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(20_000);
    // The stream ended cleanly instead of hanging.
    await expect(response.text()).resolves.toContain('retry: 5000');
  });
});
