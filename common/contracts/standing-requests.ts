import { z } from 'zod';
import { LIMITS } from '../constants';
import { parseAmountToCents } from '../money';
import { cursorPage } from './cursor-page';
import { searchCriteria } from './search';
import { videoCard } from './videos';

/** How a standing request's owner hears of new footage: at once (at most one e-mail an hour), or a daily digest. */
export const STANDING_REQUEST_FREQUENCIES = ['instant', 'daily'] as const;
export type StandingRequestFrequency = (typeof STANDING_REQUEST_FREQUENCIES)[number];

/** The most a buyer would pay, in cents of the platform's currency (100,000.00 at most). */
const MAX_PRICE_CENTS = 10_000_000;

const name = z.string().trim().min(1, { error: 'standingRequests.errors.nameRequired' }).max(100);
const frequency = z.enum(STANDING_REQUEST_FREQUENCIES);
const licenseTypeId = z.string().max(64).nullable();
const maxPriceCents = z.number().int().positive().max(MAX_PRICE_CENTS).nullable();
/** The name of the search's place as the buyer chose it ("Limassol"); the point is what matches. */
const placeName = z.string().trim().max(300);

/**
 * A new standing request: a name, how to be told, what it looks for (the search's fields as the search
 * page's address has them: `keywords` comma-separated) and, optionally, a license type and a price cap.
 */
export const standingRequestInput = z.object({
  name,
  frequency: frequency.default('instant'),
  search: searchCriteria,
  placeName: placeName.default(''),
  licenseTypeId: licenseTypeId.default(null),
  maxPriceCents: maxPriceCents.default(null),
});
export type StandingRequestInput = z.input<typeof standingRequestInput>;

/**
 * The form of a standing request's settings as a person fills it: `licenseTypeId` '' for any type, the
 * price cap as typed ("250", Greek "250,50"), none when empty, read as exact cents.
 */
export const standingRequestForm = z.object({
  name,
  frequency,
  licenseTypeId: z.string().max(64),
  maxPrice: z
    .string()
    .trim()
    .max(20, { error: 'standingRequests.errors.priceInvalid' })
    .transform((value, ctx) => {
      if (value === '') return null;
      const cents = parseAmountToCents(value);
      if (cents === null || cents > MAX_PRICE_CENTS) {
        const message = cents === null ? 'priceInvalid' : 'priceTooHigh';
        ctx.addIssue({ code: 'custom', message: `standingRequests.errors.${message}` });
        return z.NEVER;
      }
      return cents;
    }),
});
export type StandingRequestFormValues = z.input<typeof standingRequestForm>;

/** A change of a standing request: any of its settings, or pausing and resuming it. */
export const standingRequestChange = z
  .object({
    name,
    frequency,
    paused: z.boolean(),
    search: searchCriteria,
    placeName,
    licenseTypeId,
    maxPriceCents,
  })
  .partial();
export type StandingRequestChange = z.input<typeof standingRequestChange>;

/** What a standing request looks for, as saved. */
export const savedSearch = z.object({
  keywords: z.array(z.string()),
  q: z.string(),
  near: z.object({ lat: z.number(), lng: z.number(), radiusKm: z.number(), place: z.string() }).nullable(),
  shotFrom: z.string().nullable(),
  shotTo: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

export const standingRequest = z.object({
  id: z.string(),
  name: z.string(),
  frequency,
  paused: z.boolean(),
  search: savedSearch,
  licenseTypeId: z.string().nullable(),
  maxPrice: z.object({ cents: z.number().int(), currency: z.string() }).nullable(),
  /** How many videos it has matched, and when the last one did. */
  matchCount: z.number().int(),
  lastMatchedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StandingRequest = z.infer<typeof standingRequest>;

export const standingRequestList = z.object({ items: z.array(standingRequest) });
export type StandingRequestList = z.infer<typeof standingRequestList>;

/** A video a standing request matched, newest match first. */
export const standingRequestMatch = z.object({ video: videoCard, matchedAt: z.string() });
export const standingRequestMatches = cursorPage(standingRequestMatch);
export type StandingRequestMatches = z.infer<typeof standingRequestMatches>;

export const matchesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(48).default(12),
  cursor: z.string().max(200).optional(),
});

/**
 * One entry of the demand board (`GET /api/demand`): what a buyer asks for, never who asks or the name
 * they gave it; `answered` when a video of the caller's has matched it.
 */
export const demandItem = z.object({
  id: z.string(),
  search: savedSearch,
  licenseTypeId: z.string().nullable(),
  maxPrice: z.object({ cents: z.number().int(), currency: z.string() }).nullable(),
  createdAt: z.string(),
  answered: z.boolean(),
});
export type DemandItem = z.infer<typeof demandItem>;
export const demandPage = cursorPage(demandItem);
export type DemandPage = z.infer<typeof demandPage>;

/** The signed link of an e-mail's unsubscribe (no sign-in): which request, and its signature. */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) });
export const unsubscribed = z.object({ name: z.string() });
export type Unsubscribed = z.infer<typeof unsubscribed>;

/** How many standing requests one member may keep. */
export const STANDING_REQUESTS_MAX = LIMITS.standingRequestsMax;
