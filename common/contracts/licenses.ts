import { z } from 'zod';
import { LICENSE_REQUEST_STATUSES, type LicenseRequestStatus } from '../video-status';
import { amountField } from './amount-field';
import { billingAddress } from './billing';
import { cursorPage } from './cursor-page';
import { videoCard } from './videos';

/**
 * License types, license requests and their conversation (SPEC 2.6, 3 "License request", 4.2; DESIGN
 * "License flow"). Money is integer cents with a currency. Messages are i18n keys.
 */

/** SPEC 4.2's statuses, listed once in common/video-status.ts beside the other status families. */
export const LICENSE_STATUSES = LICENSE_REQUEST_STATUSES;
export type LicenseStatus = LicenseRequestStatus;

export const LICENSE_SCOPES = ['editorial_web', 'editorial_broadcast', 'commercial'] as const;

/** Limits a person never meets and a script cannot abuse. */
export const LICENSE_LIMITS = {
  usageMin: 20,
  usageMax: 2000,
  messageMax: 4000,
  reasonMax: 500,
  /** The highest price a manager may quote: one million in the currency. */
  priceMaxCents: 100_000_000,
} as const;

/** A type's names and description in both languages, as the buyer saw them. */
export const licenseTypeTexts = z.object({
  nameEn: z.string(),
  nameEl: z.string(),
  descriptionEn: z.string(),
  descriptionEl: z.string(),
  scope: z.enum(LICENSE_SCOPES),
});
export type LicenseTypeTexts = z.infer<typeof licenseTypeTexts>;

/** `GET /api/license-types`: one active type; `priceCents` null is "price by request". */
export const licenseType = licenseTypeTexts.extend({
  id: z.string(),
  priceCents: z.number().int().nullable(),
});
export type LicenseType = z.infer<typeof licenseType>;
export const licenseTypeList = z.object({ currency: z.string(), types: z.array(licenseType) });
export type LicenseTypeList = z.infer<typeof licenseTypeList>;

/** `POST /api/videos/{videoId}/license-requests` */
export const licenseRequestInput = z.object({
  licenseTypeId: z.string({ error: 'licensing.errors.typeRequired' }).min(1).max(64),
  usage: z
    .string({ error: 'licensing.errors.usageTooShort' })
    .trim()
    .min(LICENSE_LIMITS.usageMin, { error: 'licensing.errors.usageTooShort' })
    .max(LICENSE_LIMITS.usageMax, { error: 'licensing.errors.usageTooLong' }),
  billingAddressId: z.string({ error: 'licensing.errors.billingRequired' }).min(1).max(64),
  /** The buyer accepted the license terms (SPEC 2.6 "Confirmation"). */
  termsAccepted: z.literal(true, { error: 'licensing.errors.termsRequired' }),
});
export type LicenseRequestInput = z.input<typeof licenseRequestInput>;

/** The most clips one request for several may hold: a collection's page of them. */
export const LICENSE_BUNDLE_MAX_CLIPS = 50;

/** `POST /api/me/collections/{id}/license-requests`: one request for several clips of a collection. */
export const licenseBundleInput = licenseRequestInput.extend({
  videoIds: z
    .array(z.string().min(1).max(64), { error: 'licensing.errors.clipsRequired' })
    .min(1, { error: 'licensing.errors.clipsRequired' })
    .max(LICENSE_BUNDLE_MAX_CLIPS, { error: 'licensing.errors.tooManyClips' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'licensing.errors.clipTwice' }),
});
export type LicenseBundleInput = z.input<typeof licenseBundleInput>;

/** The billing address as it was when the request was submitted. */
export const billingAddressCopy = billingAddress.omit({ id: true, isDefault: true });
export type BillingAddressCopy = z.infer<typeof billingAddressCopy>;

/** What the caller may do with a request now; the server refuses the same. */
export const licenseRequestAbilities = z.object({
  cancel: z.boolean(),
  quote: z.boolean(),
  pay: z.boolean(),
  message: z.boolean(),
  /** The caller cancels as a manager: a reason is required. */
  cancelNeedsReason: z.boolean(),
  /** A manager may refund this completed sale (it is within the refund window). */
  refund: z.boolean(),
});
export type LicenseRequestAbilities = z.infer<typeof licenseRequestAbilities>;

const person = z.object({ id: z.string(), name: z.string() });

/** One row of a list. */
export const licenseRequestSummary = z.object({
  id: z.string(),
  status: z.enum(LICENSE_STATUSES),
  priceCents: z.number().int().nullable(),
  currency: z.string(),
  type: licenseTypeTexts,
  video: z.object({ id: z.string(), title: z.string(), thumbnailUrl: z.string().nullable() }),
  buyer: person,
  createdAt: z.string(),
  /** A completed sale a manager refunded (its status is then `cancelled`): shown as "Refunded". */
  refunded: z.boolean(),
  /** The request for several clips this one was asked in (`GET /api/license-bundles/{id}`); null: alone. */
  bundleId: z.string().nullable(),
});
export type LicenseRequestSummary = z.infer<typeof licenseRequestSummary>;

export const licenseRequestList = cursorPage(licenseRequestSummary);
export type LicenseRequestList = z.infer<typeof licenseRequestList>;

/** `GET /api/license-requests/{id}`: for the buyer and license managers only. */
export const licenseRequestDetail = licenseRequestSummary.extend({
  usage: z.string(),
  billingAddress: billingAddressCopy,
  /** The video card, or null when the buyer may no longer see the video (made private since). */
  videoCard: videoCard.nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  quotedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Set when a manager refunded the completed sale (the status is then `cancelled`). */
  refundedAt: z.string().nullable(),
  refundReason: z.string().nullable(),
  /** Managers: until when a completed sale may be refunded; null otherwise. */
  refundableUntil: z.string().nullable(),
  abilities: licenseRequestAbilities,
});
export type LicenseRequestDetail = z.infer<typeof licenseRequestDetail>;

export const licenseRequestParams = z.object({ id: z.string().uuid() });

const listLimit = z.coerce.number().int().min(1).max(50).default(20);

/** `GET /api/me/license-requests` */
export const myLicenseRequestsQuery = z.object({
  limit: listLimit,
  cursor: z.string().max(200).optional(),
  status: z.enum(LICENSE_STATUSES).optional(),
});

/** `GET /api/admin/license-requests`: oldest open first; `q` searches video titles and buyers. */
export const managedLicenseRequestsQuery = myLicenseRequestsQuery.extend({
  q: z.string().trim().max(100).optional(),
});

/** `POST /api/license-requests/{id}/cancel`: a manager must give a reason, a buyer may. */
export const cancelLicenseRequestInput = z.object({
  reason: z
    .string()
    .trim()
    .max(LICENSE_LIMITS.reasonMax, { error: 'licensing.errors.reasonTooLong' })
    .optional()
    .transform((value) => value || null),
});

/** `POST /api/license-requests/{id}/refund`: a manager refunds a completed sale, with a reason for the buyer. */
export const refundLicenseRequestInput = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: 'licensing.errors.reasonRequired' })
    .max(LICENSE_LIMITS.reasonMax, { error: 'licensing.errors.reasonTooLong' }),
});
export type RefundLicenseRequestInput = z.infer<typeof refundLicenseRequestInput>;

/** `POST /api/license-requests/{id}/quote` */
export const quoteInput = z.object({
  priceCents: z
    .number({ error: 'licensing.errors.priceInvalid' })
    .int({ error: 'licensing.errors.priceInvalid' })
    .min(1, { error: 'licensing.errors.priceInvalid' })
    .max(LICENSE_LIMITS.priceMaxCents, { error: 'licensing.errors.priceTooHigh' }),
});

/** The quote form: the price as the manager types it, checked and turned into `quoteInput`'s cents. */
export const quoteForm = z.object({
  price: amountField(
    {
      required: 'licensing.errors.priceInvalid',
      invalid: 'licensing.errors.priceInvalid',
      tooHigh: 'licensing.errors.priceTooHigh',
    },
    LICENSE_LIMITS.priceMaxCents,
  ),
});

/** One message of the conversation. `fromManager`: written by a license manager, not the buyer. */
export const licenseMessage = z.object({
  id: z.string(),
  body: z.string(),
  author: person.nullable(),
  fromManager: z.boolean(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type LicenseMessage = z.infer<typeof licenseMessage>;
export const licenseMessageList = z.object({ items: z.array(licenseMessage) });

export const licenseMessageInput = z.object({
  body: z
    .string({ error: 'licensing.errors.messageRequired' })
    .trim()
    .min(1, { error: 'licensing.errors.messageRequired' })
    .max(LICENSE_LIMITS.messageMax, { error: 'licensing.errors.messageTooLong' }),
});

/**
 * `GET /api/license-bundles/{id}`: one request for several clips (issue 34), for its buyer and license
 * managers. Each clip is an ordinary request with its own price and page; one checkout pays them all.
 */
export const licenseBundle = z.object({
  id: z.string(),
  collectionId: z.string().nullable(),
  createdAt: z.string(),
  clips: z.array(licenseRequestSummary),
  /** What one checkout charges: the prices of the clips not cancelled; null while one waits for a quote. */
  totalCents: z.number().int().nullable(),
  currency: z.string(),
  /** The caller may pay for the clips now (every clip not cancelled is priced and awaits payment). */
  pay: z.boolean(),
});
export type LicenseBundle = z.infer<typeof licenseBundle>;

export const licenseBundleParams = z.object({ id: z.string().uuid() });
