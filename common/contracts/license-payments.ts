import { z } from 'zod';
import { LICENSE_REQUEST_STATUSES } from '../video-status';

/** What the buyer pays for (`/me/licenses/{id}/pay` and the sandbox checkout page). */
export const licensePayment = z.object({
  id: z.string(),
  status: z.enum(LICENSE_REQUEST_STATUSES),
  video: z.object({ id: z.string(), title: z.string(), thumbnailUrl: z.string().nullable() }),
  licenseType: z.object({ nameEn: z.string(), nameEl: z.string() }),
  usage: z.string(),
  /** Integer cents; null until a manager quotes a price. */
  priceCents: z.number().int().nullable(),
  currency: z.string(),
  /** The configured provider: `sandbox` pages say that no money moves. */
  provider: z.enum(['sandbox', 'stripe']),
  /**
   * A checkout of a request for several clips (issue 34): the bundle, and how many clips `priceCents`
   * (their total) pays for; `video` and `licenseType` are its first clip's. Null: one request.
   */
  bundle: z.object({ id: z.string(), clips: z.number().int().positive() }).nullable(),
});
export type LicensePayment = z.infer<typeof licensePayment>;

/** `POST /api/license-requests/{id}/checkout`: where the browser goes to pay. */
export const checkoutResponse = z.object({ url: z.string() });

/** The sandbox checkout page's session (`/payments/sandbox/{sessionId}`). */
export const sandboxSessionParams = z.object({
  sessionId: z.string().regex(/^cs_sbx_[A-Za-z0-9_-]{10,64}$/),
});

/** The button the buyer pressed on the sandbox checkout page. */
export const sandboxOutcomeBody = z.strictObject({ outcome: z.enum(['paid', 'declined']) });

/** An event signed as the sandbox provider signs, for the page to deliver to the webhook. */
export const sandboxSignedEvent = z.object({
  payload: z.string(),
  signature: z.string(),
  webhookUrl: z.string(),
});
export type SandboxSignedEvent = z.infer<typeof sandboxSignedEvent>;

export const paymentProviderParams = z.object({ provider: z.enum(['sandbox', 'stripe']) });

/** What the webhook did with a verified event (see license-payment-events.service.ts). */
export const webhookResponse = z.object({ received: z.literal(true), outcome: z.string() });
