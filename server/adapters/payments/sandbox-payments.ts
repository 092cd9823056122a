import crypto from 'node:crypto';
import { z } from 'zod';
import {
  type CheckoutInput,
  type CheckoutSession,
  headerOf,
  type PaymentEvent,
  type PaymentProvider,
  PaymentSignatureError,
} from './payment-provider';

/** The header the sandbox signs its events in, as Stripe's: `t=<unix seconds>,v1=<hex HMAC>`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signed event older (or newer) than this is refused, so a captured one cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

const sandboxEvent = z.strictObject({
  id: z.string().regex(/^evt_sbx_[A-Za-z0-9_-]{10,64}$/),
  type: z.enum(['completed', 'failed', 'expired']),
  sessionId: z.string().regex(/^cs_sbx_[A-Za-z0-9_-]{10,64}$/),
  requestId: z.string().min(1).max(100),
  amountCents: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type SandboxEvent = z.infer<typeof sandboxEvent>;

/** The key the sandbox signs with: derived from the app secret, so there is nothing more to configure. */
function webhookKey(secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update('clipmarket:payments:sandbox-webhook:v1').digest();
}

const randomId = (prefix: string) => `${prefix}${crypto.randomBytes(18).toString('base64url')}`;

/**
 * The built-in test checkout: no money moves. The checkout page is our own (`/payments/sandbox/{id}`);
 * its Pay and Decline buttons get an event signed here and deliver it to the same webhook route, and
 * through the same code, as the real provider's.
 */
export function sandboxPayments(options: { secret: string; publicUrl: string; now?: () => Date }) {
  const key = webhookKey(options.secret);
  const now = options.now ?? (() => new Date());
  const hmac = (timestamp: string, body: string) =>
    crypto.createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');

  const signPayload = (payload: string) => {
    const timestamp = String(Math.floor(now().getTime() / 1000));
    return { payload, signature: `t=${timestamp},v1=${hmac(timestamp, payload)}` };
  };

  // No money moved, so none goes back: a refund is done at once, and its id is derived from the paid
  // session, so a retry answers the same id on any instance with nothing kept in memory.
  // A part of a session's payment (a bundle's clip) is its own refund, derived from the request too.
  const refundId = (sessionId: string, part: string) =>
    `re_sbx_${crypto.createHmac('sha256', key).update(`refund:${sessionId}${part}`).digest('base64url').slice(0, 24)}`;

  const provider: PaymentProvider & {
    sign(event: Omit<SandboxEvent, 'id'>): { payload: string; signature: string };
    signPayload: typeof signPayload;
  } = {
    name: 'sandbox',
    async createCheckout(_input: CheckoutInput): Promise<CheckoutSession> {
      const sessionId = randomId('cs_sbx_');
      return { sessionId, url: `${options.publicUrl}/payments/sandbox/${sessionId}` };
    },
    // A sandbox session is only its id on the request: replacing it there is what closes it.
    async closeCheckout() {
      return 'closed';
    },
    async refund(input) {
      return { refundId: refundId(input.sessionId, input.partial ? `:${input.requestId}` : '') };
    },
    /** A new event (its own id), signed now. */
    sign(event) {
      return signPayload(JSON.stringify({ id: randomId('evt_sbx_'), ...event }));
    },
    /** Any body, signed now: the same event again (a provider's retry) is its same body re-signed. */
    signPayload,
    parseWebhook(rawBody, headers): PaymentEvent {
      const header = headerOf(headers, SANDBOX_SIGNATURE_HEADER);
      if (!header) throw new PaymentSignatureError('no signature');
      const parts = Object.fromEntries(
        header.split(',').map((part) => {
          const at = part.indexOf('=');
          return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
        }),
      );
      const timestamp = parts.t ?? '';
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      const body = rawBody.toString('utf8');
      const expected = Buffer.from(hmac(timestamp, body), 'hex');
      if (
        !/^\d{1,12}$/.test(timestamp) ||
        given.length !== expected.length ||
        !crypto.timingSafeEqual(given, expected)
      ) {
        throw new PaymentSignatureError('bad signature');
      }
      if (Math.abs(now().getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) {
        throw new PaymentSignatureError('signature too old');
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new PaymentSignatureError('not JSON');
      }
      const parsed = sandboxEvent.safeParse(json);
      if (!parsed.success) throw new PaymentSignatureError('not a sandbox event');
      return parsed.data;
    },
  };
  return provider;
}
export type SandboxPayments = ReturnType<typeof sandboxPayments>;
