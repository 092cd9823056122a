import crypto from 'node:crypto';
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

/** The proof of work the browser widget runs natively (WebCrypto), in a worker per core. */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/**
 * The work: `cost` PBKDF2 iterations per attempt, and the answer is a counter the server drew in
 * [COUNTER_MIN, COUNTER_MAX], so a browser runs about 1,750 attempts (1,000 at least). Measured in
 * Node at about 0.35 ms an attempt on one core: 0.35 to 0.9 s; a phone shares it between its cores.
 */
const DEFAULT_COST = 1_000;
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 2_500;

export type CaptchaChallenge = Challenge;
export type CaptchaVerdict = 'ok' | 'expired' | 'failed';

/** Remembers solved challenges until they expire, so one solution is accepted once. */
export interface CaptchaStore {
  /** Records the challenge as used; false when it already was. */
  markUsed(id: string, expiresAt: Date): Promise<boolean>;
}

export interface Captcha {
  /** A new signed challenge, the JSON the ALTCHA widget fetches. */
  challenge(): Promise<CaptchaChallenge>;
  /** Checks the widget's payload (its hidden `altcha` field) and spends it. */
  verify(payload: string | undefined): Promise<CaptchaVerdict>;
}

/** Just enough shape to hand the payload to altcha-lib without it throwing; the signature does the rest. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(CAPTCHA_ALGORITHM),
        nonce: z.string().regex(/^[0-9a-f]{32}$/),
        salt: z.string().regex(/^[0-9a-f]+$/),
        cost: z.number().int().positive(),
        keyLength: z.number().int().positive(),
        keyPrefix: z.string(),
        keySignature: z.string(),
        expiresAt: z.number().int().positive(),
      })
      .loose(),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string() }).loose(),
});
const MAX_PAYLOAD_LENGTH = 4_096;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * ALTCHA, self-hosted: challenges are signed with keys derived from the app's one secret, so nothing
 * is stored until a solution is spent. Deterministic mode (the server picks the counter and signs the
 * key) makes the work predictable and a verification a single HMAC.
 */
export function createCaptcha(options: {
  secret: string;
  store: CaptchaStore;
  cost?: number;
  ttlSeconds?: number;
  now?: () => Date;
}): Captcha {
  const now = options.now ?? (() => new Date());
  const ttlMs = (options.ttlSeconds ?? 300) * 1000;
  const hmacSignatureSecret = deriveSecret(options.secret, 'clipmarket captcha: challenge signature');
  const hmacKeySignatureSecret = deriveSecret(options.secret, 'clipmarket captcha: key signature');

  return {
    challenge() {
      return createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: options.cost ?? DEFAULT_COST,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: new Date(now().getTime() + ttlMs),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    async verify(payload) {
      const submitted = decodePayload(payload);
      if (!submitted) return 'failed';
      const { parameters } = submitted.challenge;
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge: submitted.challenge,
          solution: submitted.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
      } catch {
        return 'failed'; // altcha-lib throws on some malformed values (odd hex, say): still just a bad payload
      }
      // altcha-lib checks expiry against the real clock; ours may run ahead of it (tests, injected clocks).
      const expiresAt = new Date(parameters.expiresAt * 1000);
      if (result.expired || (result.verified && expiresAt.getTime() <= now().getTime())) return 'expired';
      if (!result.verified) return 'failed';
      // The nonce is random and signed: it names this challenge, and a replay of it is refused.
      return (await options.store.markUsed(parameters.nonce, expiresAt)) ? 'ok' : 'failed';
    },
  };
}

/** The widget posts base64 of the JSON `{ challenge: { parameters, signature }, solution }`. */
function decodePayload(payload: string | undefined): (Payload & z.infer<typeof payloadSchema>) | null {
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD_LENGTH || !BASE64.test(payload))
    return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One secret, several keys: an HMAC of a label per use, so no key serves two purposes. */
function deriveSecret(secret: string, label: string): string {
  return crypto.createHmac('sha256', secret).update(label).digest('hex');
}
