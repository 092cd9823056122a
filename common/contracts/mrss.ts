import { z } from 'zod';
import { isCalendarDate } from '../calendar-date';
import { isVisibleCategory } from '../categories';
import { cursorPage } from './cursor-page';
import { KEYWORD_LENGTH_MAX, KEYWORDS_MAX, noAngleBrackets } from './video-text';

/**
 * Media RSS feeds for partners (issue 20): what the admin screen sends and reads. A feed lists the
 * publicly listed videos that match its filter; each partner reads it through a secret URL of their own,
 * shown once when it is made.
 */

export const MRSS_LANGUAGES = ['en', 'el'] as const;
export const MRSS_NAME_MAX = 120;
export const MRSS_PARTNER_MAX = 120;

const calendarDate = z
  .string()
  .refine(isCalendarDate, { error: 'mrss.errors.dateInvalid' })
  .nullable()
  .default(null);

/** Which videos a feed lists: any one of the keywords, one category, shot within the dates, licensable. */
export const mrssFilter = z
  .object({
    keywords: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(KEYWORD_LENGTH_MAX, { error: 'mrss.errors.keywordTooLong' })
          .refine((keyword) => noAngleBrackets(keyword) && !keyword.includes(','), {
            error: 'mrss.errors.keywordChars',
          }),
      )
      .max(KEYWORDS_MAX, { error: 'mrss.errors.keywordsTooMany' })
      .default([]),
    categoryId: z
      .number()
      .int()
      .refine(isVisibleCategory, { error: 'mrss.errors.categoryInvalid' })
      .nullable()
      .default(null),
    shotFrom: calendarDate,
    shotTo: calendarDate,
    licensableOnly: z.boolean().default(false),
  })
  .refine((filter) => !filter.shotFrom || !filter.shotTo || filter.shotFrom <= filter.shotTo, {
    error: 'mrss.errors.datesReversed',
    path: ['shotTo'],
  });
export type MrssFilter = z.infer<typeof mrssFilter>;
export type MrssFilterInput = z.input<typeof mrssFilter>;

const feedName = z
  .string({ error: 'mrss.errors.nameRequired' })
  .trim()
  .min(1, { error: 'mrss.errors.nameRequired' })
  .max(MRSS_NAME_MAX, { error: 'mrss.errors.nameTooLong' })
  .refine(noAngleBrackets, { error: 'mrss.errors.nameChars' });

export const partnerName = z
  .string({ error: 'mrss.errors.partnerRequired' })
  .trim()
  .min(1, { error: 'mrss.errors.partnerRequired' })
  .max(MRSS_PARTNER_MAX, { error: 'mrss.errors.partnerTooLong' })
  .refine(noAngleBrackets, { error: 'mrss.errors.partnerChars' });

/** `PUT /api/admin/mrss-feeds/:feedId` */
export const mrssFeedInput = z.object({
  name: feedName,
  language: z.enum(MRSS_LANGUAGES).default('en'),
  filter: mrssFilter,
});
export type MrssFeedInput = z.input<typeof mrssFeedInput>;

/** `POST /api/admin/mrss-feeds`: the feed and its first partner. */
export const mrssFeedCreateInput = mrssFeedInput.extend({ partnerName });
export type MrssFeedCreateInput = z.input<typeof mrssFeedCreateInput>;

/** `POST /api/admin/mrss-feeds/:feedId/tokens` */
export const mrssTokenInput = z.object({ partnerName });

export const mrssFeedParams = z.object({ feedId: z.string().uuid() });
export const mrssTokenParams = z.object({ feedId: z.string().uuid(), tokenId: z.string().uuid() });

export const mrssFeedListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(200).optional(),
});

/** A partner's URL, as lists show it: never the URL itself, which only its creation answer carries. */
export const mrssToken = z.object({
  id: z.string(),
  partnerName: z.string(),
  createdAt: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type MrssToken = z.infer<typeof mrssToken>;

export const mrssFeed = z.object({
  id: z.string(),
  name: z.string(),
  language: z.enum(MRSS_LANGUAGES),
  filter: z.object({
    keywords: z.array(z.string()),
    categoryId: z.number().nullable(),
    shotFrom: z.string().nullable(),
    shotTo: z.string().nullable(),
    licensableOnly: z.boolean(),
  }),
  /** How many videos the feed lists now (publicly listed, matching, with a ready preview). */
  matching: z.number(),
  tokens: z.array(mrssToken),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MrssFeed = z.infer<typeof mrssFeed>;

export const mrssFeedList = cursorPage(mrssFeed);
export type MrssFeedList = z.infer<typeof mrssFeedList>;

/** A partner's secret URL, answered once: when it is made and when it is made again. */
export const mrssIssuedToken = z.object({ token: mrssToken, url: z.string() });
export type MrssIssuedToken = z.infer<typeof mrssIssuedToken>;

export const mrssFeedCreated = z.object({ feed: mrssFeed, issued: mrssIssuedToken });
export type MrssFeedCreated = z.infer<typeof mrssFeedCreated>;

/** `POST /api/admin/mrss-feeds/preview`: how many videos a filter lists, and the newest few. */
export const mrssPreviewInput = z.object({ filter: mrssFilter });
export const mrssPreview = z.object({
  matching: z.number(),
  newest: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type MrssPreview = z.infer<typeof mrssPreview>;

/** The public feed's path: `<token>.xml`; anything else is answered 404 like an unknown token. */
export const mrssPublicParams = z.object({ file: z.string().max(200) });
export const mrssPublicQuery = z.object({ cursor: z.string().max(200).optional() });
export const MRSS_PUBLIC_PREFIX = '/api/feeds/mrss/';
