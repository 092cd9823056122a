import { z } from 'zod';

/** The periods a creator's analytics cover (issue 35): the last 7 or 30 days, 12 months, or all time. */
export const ANALYTICS_PERIODS = ['7d', '30d', '12m', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const analyticsQuery = z.object({ period: z.enum(ANALYTICS_PERIODS).default('30d') });

/** Money in one currency, in cents (a creator may earn in several). */
const amount = z.object({ currency: z.string(), cents: z.number().int() });

/** What is counted, each over a period or one point of its chart. */
const measures = {
  /** A preview played 3 seconds, once a day per viewer. */
  views: z.number().int(),
  /** The video's page opened, once a day per viewer. */
  opens: z.number().int(),
  /** The video on a page of search results a person was shown. */
  appearances: z.number().int(),
  /** License requests made. */
  requests: z.number().int(),
  sales: z.number().int(),
  refunds: z.number().int(),
  /** The creator's share of the sales, less what refunds took back, per currency. */
  earnings: z.array(amount),
};
export const analyticsTotals = z.object(measures);
export type AnalyticsTotals = z.infer<typeof analyticsTotals>;

/** One point of the charts: the day or month starting at `start` (YYYY-MM-DD, UTC). */
export const analyticsPoint = z.object({ start: z.string(), ...measures });
export type AnalyticsPoint = z.infer<typeof analyticsPoint>;

export const analyticsVideo = z.object({ id: z.string(), title: z.string(), ...measures });

/**
 * A creator's analytics over a period, of all their videos or of one: never who viewed or bought. The
 * buyers' countries come from billing addresses only, and a country with one sale is counted as
 * "other", so no buyer can be singled out.
 */
export const creatorAnalytics = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  bucket: z.enum(['day', 'month']),
  /** The first day counted (YYYY-MM-DD, UTC); the period runs to today. */
  from: z.string(),
  totals: analyticsTotals,
  series: z.array(analyticsPoint),
  /** The creator's videos that did best in the period (sales, then views); empty for one video. */
  topVideos: z.array(analyticsVideo),
  /** The searches whose results led people to the videos' pages, most first. */
  searchWords: z.array(z.object({ words: z.string(), opens: z.number().int() })),
  /** Sales by the buyer's billing country (ISO code, or `other`), most first. */
  countries: z.array(z.object({ country: z.string(), sales: z.number().int() })),
});
export type CreatorAnalytics = z.infer<typeof creatorAnalytics>;

/** The country a folded buyer's sale is counted under. */
export const OTHER_COUNTRY = 'other';
