import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSmsOutbox } from './outbox-sms';
import { SmsSendError } from './sms';
import { createSmsSender } from './sms-factory';

let outboxDir: string;
beforeEach(async () => {
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sms-outbox-'));
});
afterEach(() => fs.rm(outboxDir, { recursive: true, force: true }));

const outbox = () => createSmsSender({ provider: 'outbox' }, { outboxDir });

describe('outbox SMS driver', () => {
  it('writes each message as a readable JSON file in <outboxDir>/sms', async () => {
    const before = Date.now();
    await outbox().send({ to: '+35799123456', body: 'Your Clipmarket code is 123456' });
    const files = await fs.readdir(path.join(outboxDir, 'sms'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\+35799123456\.json$/);
    const written = JSON.parse(await fs.readFile(path.join(outboxDir, 'sms', files[0]!), 'utf8'));
    expect(written).toEqual({
      to: '+35799123456',
      body: 'Your Clipmarket code is 123456',
      sentAt: expect.any(String),
    });
    expect(new Date(written.sentAt).getTime()).toBeGreaterThanOrEqual(before);
  });

  it('keeps every message, in sending order, even several in one millisecond', async () => {
    const sender = outbox();
    await Promise.all([1, 2, 3].map((n) => sender.send({ to: '+306912345678', body: `code ${n}` })));
    await sender.send({ to: '+306912345678', body: 'code 4' });
    const messages = await readSmsOutbox(path.join(outboxDir, 'sms'));
    expect(messages).toHaveLength(4);
    expect(messages.at(-1)?.body).toBe('code 4');
    expect(messages.map((m) => m.body).sort()).toEqual(['code 1', 'code 2', 'code 3', 'code 4']);
  });

  it('refuses a number that is not E.164, as the real provider would', async () => {
    const sending = outbox().send({ to: '99123456', body: 'x' });
    await expect(sending).rejects.toBeInstanceOf(SmsSendError);
    await expect(sending).rejects.toMatchObject({ reason: 'invalid-phone-number' });
    expect(await readSmsOutbox(path.join(outboxDir, 'sms'))).toEqual([]);
  });
});
