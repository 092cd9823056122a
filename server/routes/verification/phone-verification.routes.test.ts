import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

/** Step 2 of the verification: captcha, SMS limits and codes, over real HTTP handling and the database. */
const t = setUpTestApp();

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object, from?: string) =>
  t.send(method, url, { cookie, payload, from });
const sendSms = async (cookie: string, phoneNumber: string, ip?: string) =>
  call('POST', '/api/verification/phone', cookie, { phoneNumber, captcha: await t.solveCaptcha() }, ip);
const verify = (cookie: string, code: string) =>
  call('POST', '/api/verification/phone/verify', cookie, { code });
const state = async (cookie: string) => (await call('GET', '/api/verification', cookie)).json();

/** The SMS the outbox driver wrote, oldest first. */
async function smsTo(phoneNumber: string): Promise<{ to: string; body: string }[]> {
  const files = (await fs.readdir(t.smsOutboxDir).catch(() => [] as string[])).sort();
  const messages = await Promise.all(
    files.map(async (file) => JSON.parse(await fs.readFile(path.join(t.smsOutboxDir, file), 'utf8'))),
  );
  return messages.filter((message) => message.to === phoneNumber);
}
async function lastCode(phoneNumber: string): Promise<string> {
  const code = (await smsTo(phoneNumber)).at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code for ${phoneNumber}`);
  return code;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let users = 0;
const newUser = () => signUp(t, { email: `phone${++users}@example.com` });
let numbers = 0;
/** A valid Cypriot mobile number, different each time. */
const newNumber = () => `+3579${String(9_000_000 + ++numbers).padStart(7, '0')}`;

describe('refused callers', () => {
  it.each(['/api/verification/phone', '/api/verification/phone/verify'])(
    'POST %s asks a visitor to sign in',
    async (url) => {
      const response = await call('POST', url, undefined, {
        phoneNumber: '+35799123456',
        captcha: 'x',
        code: '123456',
      });
      expect(response.statusCode).toBe(401);
    },
  );
});

describe('texting a code', () => {
  it('texts a code after the captcha, and the code verifies the number', async () => {
    const user = await newUser();
    const number = newNumber();
    const sent = await sendSms(user.cookie, number);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentTo).toBe(number);
    expect((await state(user.cookie)).phoneCode.sentTo).toBe(number);

    const code = await lastCode(number);
    const wrongTry = await verify(user.cookie, wrong(code));
    expect(wrongTry.json()).toMatchObject({ code: 'INVALID_PHONE_CODE', params: { remaining: 4, total: 5 } });
    const verified = await verify(user.cookie, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().phoneNumber).toBe(number);
    expect(await state(user.cookie)).toMatchObject({ phoneNumber: number, phoneCode: null });
    const session = (await call('GET', '/api/session', user.cookie)).json().user;
    expect(session).toMatchObject({ phoneNumber: number, phoneNumberVerified: true });
  });

  it('stores the number in E.164 whatever the spacing', async () => {
    const user = await newUser();
    const response = await call('POST', '/api/verification/phone', user.cookie, {
      phoneNumber: '+357 96 123 457',
      captcha: await t.solveCaptcha(),
    });
    // The contract wants E.164 already; the form builds it.
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0]).toMatchObject({ field: 'phoneNumber' });
  });

  it('refuses a number that is not a real one, before the captcha is spent', async () => {
    const user = await newUser();
    const captcha = await t.solveCaptcha();
    const response = await call('POST', '/api/verification/phone', user.cookie, {
      phoneNumber: '+35712',
      captcha,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_PHONE_NUMBER');
    // The same captcha still works for the corrected number.
    const number = newNumber();
    const retry = await call('POST', '/api/verification/phone', user.cookie, {
      phoneNumber: number,
      captcha,
    });
    expect(retry.statusCode).toBe(200);
  });

  it('sends nothing without a solved captcha, and a solution works once', async () => {
    const user = await newUser();
    const number = newNumber();
    const forged = await call('POST', '/api/verification/phone', user.cookie, {
      phoneNumber: number,
      captcha: Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString('base64'),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('CAPTCHA_FAILED');
    expect(await smsTo(number)).toHaveLength(0);

    const captcha = await t.solveCaptcha();
    const first = await call('POST', '/api/verification/phone', user.cookie, {
      phoneNumber: number,
      captcha,
    });
    expect(first.statusCode).toBe(200);
    const replay = await call('POST', '/api/verification/phone', user.cookie, {
      phoneNumber: number,
      captcha,
    });
    expect(replay.json().code).toBe('CAPTCHA_FAILED');
    expect(await smsTo(number)).toHaveLength(1);
  });

  it('refuses a captcha solved too long ago', async () => {
    const user = await newUser();
    const captcha = await t.solveCaptcha();
    t.clock.advance(10 * 60_000);
    const response = await call('POST', '/api/verification/phone', user.cookie, {
      phoneNumber: newNumber(),
      captcha,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CAPTCHA_EXPIRED');
  });

  it('texts one number at most five times a day', async () => {
    const user = await newUser();
    const number = newNumber();
    for (let sms = 1; sms <= 5; sms++) expect((await sendSms(user.cookie, number)).statusCode).toBe(200);
    const refused = await sendSms(user.cookie, number);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('SMS_QUOTA_EXCEEDED');
    expect(await smsTo(number)).toHaveLength(5);
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect((await sendSms(user.cookie, number)).statusCode).toBe(200);
  });

  it('texts from one network address at most ten times a day', async () => {
    const ip = '10.41.0.1';
    for (let sms = 1; sms <= 10; sms++) {
      const user = await newUser();
      expect((await sendSms(user.cookie, newNumber(), ip)).statusCode).toBe(200);
    }
    const user = await newUser();
    const refused = await sendSms(user.cookie, newNumber(), ip);
    expect(refused.json().code).toBe('SMS_QUOTA_EXCEEDED');
  });

  it('refuses a number that another account has verified', async () => {
    const owner = await newUser();
    const number = newNumber();
    await sendSms(owner.cookie, number);
    await verify(owner.cookie, await lastCode(number));

    const other = await newUser();
    const response = await sendSms(other.cookie, number);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('PHONE_NUMBER_IN_USE');
  });

  it('refuses the code when the number was taken by another account meanwhile', async () => {
    const first = await newUser();
    const second = await newUser();
    const number = newNumber();
    await sendSms(first.cookie, number);
    const firstCode = await lastCode(number);
    await sendSms(second.cookie, number);
    const secondCode = await lastCode(number);
    expect((await verify(second.cookie, secondCode)).statusCode).toBe(200);
    const late = await verify(first.cookie, firstCode);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PHONE_NUMBER_IN_USE');
    expect((await state(first.cookie)).phoneNumber).toBeNull();
  });
});

describe('the SMS code', () => {
  it('expires after ten minutes', async () => {
    const user = await newUser();
    const number = newNumber();
    await sendSms(user.cookie, number);
    const code = await lastCode(number);
    t.clock.advance(10 * 60_000 + 1);
    const response = await verify(user.cookie, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PHONE_CODE_EXPIRED');
  });

  it('dies after five wrong tries', async () => {
    const user = await newUser();
    const number = newNumber();
    await sendSms(user.cookie, number);
    const code = await lastCode(number);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await verify(user.cookie, wrong(code))).json().code).toBe('INVALID_PHONE_CODE');
    }
    expect((await verify(user.cookie, wrong(code))).json().code).toBe('PHONE_CODE_EXPIRED');
    expect((await verify(user.cookie, code)).json().code).toBe('PHONE_CODE_EXPIRED');
    expect((await state(user.cookie)).phoneNumber).toBeNull();
  });

  it('is no use to another account', async () => {
    const owner = await newUser();
    const other = await newUser();
    const number = newNumber();
    await sendSms(owner.cookie, number);
    const response = await verify(other.cookie, await lastCode(number));
    expect(response.json().code).toBe('PHONE_CODE_EXPIRED');
    expect((await state(other.cookie)).phoneNumber).toBeNull();
  });
});
