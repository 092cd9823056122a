import { z } from 'zod';
import { LIMITS } from '../constants';
import { parseKeywords } from '../keywords';
import { keywordCount } from './videos';

/** The longest text one search may carry (keywords joined, or the free words). */
export const SEARCH_TEXT_MAX = 500;

/** What a search looks for: the query's fields, and a standing request's search (standing-requests.ts). */
const searchFields = {
  keywords: z
    .string()
    .max(SEARCH_TEXT_MAX)
    .default('')
    .transform((text) => parseKeywords(text))
    .refine((keywords) => keywords.length <= LIMITS.searchKeywordsMax, {
      error: 'search.errors.tooManyKeywords',
    }),
  q: z.string().max(SEARCH_TEXT_MAX).default(''),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  radiusKm: z.coerce
    .number()
    .positive()
    .max(LIMITS.searchRadiusMaxKm, { error: 'search.errors.radiusTooLarge' })
    .optional(),
  shotFrom: z.iso.date({ error: 'search.errors.badDate' }).optional(),
  shotTo: z.iso.date({ error: 'search.errors.badDate' }).optional(),
};

type SearchValues = z.infer<z.ZodObject<typeof searchFields>>;

/** The rules between a search's fields: a whole place, days in order, and something to look for. */
function withSearchRules<Schema extends z.ZodType<SearchValues>>(schema: Schema) {
  return (
    schema
      .refine(
        ({ lat, lng, radiusKm }) =>
          [lat, lng, radiusKm].every((part) => part === undefined) ||
          [lat, lng, radiusKm].every((part) => part !== undefined),
        { error: 'search.errors.placeIncomplete', path: ['radiusKm'] },
      )
      .refine(({ shotFrom, shotTo }) => !shotFrom || !shotTo || shotFrom <= shotTo, {
        error: 'search.errors.datesReversed',
        path: ['shotTo'],
      })
      // A filter given in part is refused above for what it lacks, not here.
      .refine(
        ({ keywords, q, lat, lng, radiusKm, shotFrom, shotTo }) =>
          keywords.length > 0 ||
          q.trim() !== '' ||
          [lat, lng, radiusKm, shotFrom, shotTo].some((part) => part !== undefined),
        { error: 'search.errors.nothingToSearch', path: ['keywords'] },
      )
  );
}

/**
 * `GET /api/videos/search`: `keywords` comma-separated (each one must be on the video: AND), `q` free
 * words looked for in titles and descriptions; the chosen keywords' words are looked for there too.
 * Filters narrow what those find (or, alone, list the newest videos that pass them): `lat`, `lng` and
 * `radiusKm` the place it was filmed within that many km of the point, `shotFrom` and `shotTo` the days
 * it was filmed (both included).
 */
export const videoSearchQuery = withSearchRules(
  z.object({
    ...searchFields,
    limit: z.coerce.number().int().min(1).max(48).default(12),
    cursor: z.string().max(200).optional(),
  }),
);

/** A search without its page: what a standing request keeps (the query's fields and rules). */
export const searchCriteria = withSearchRules(z.object(searchFields));
export type SearchCriteria = z.infer<typeof searchCriteria>;
export type VideoSearchQuery = z.infer<typeof videoSearchQuery>;

/** Where a video was filmed: within `radiusKm` of the point. */
export interface PlaceFilter {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** What a search keeps of what it found; null fields keep everything. */
export interface SearchFilters {
  near: PlaceFilter | null;
  shotFrom: string | null;
  shotTo: string | null;
}

/** The filter parameters of a search query, as parsed. */
export interface SearchFilterQuery {
  lat?: number;
  lng?: number;
  radiusKm?: number;
  shotFrom?: string;
  shotTo?: string;
}

/** The filters of a search query, or null when it has none. */
export function searchFiltersOf(query: SearchFilterQuery): SearchFilters | null {
  const { lat, lng, radiusKm } = query;
  const near =
    lat !== undefined && lng !== undefined && radiusKm !== undefined ? { lat, lng, radiusKm } : null;
  const filters = { near, shotFrom: query.shotFrom ?? null, shotTo: query.shotTo ?? null };
  return near || filters.shotFrom || filters.shotTo ? filters : null;
}

/** `GET /api/keywords/suggestions`: keywords starting with the typed text, most used first. */
export const keywordSuggestionsQuery = z.object({
  q: z.string().max(100).default(''),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.keywordSuggestionsListMax)
    .default(LIMITS.keywordSuggestionsTop),
});

export const keywordSuggestionsResponse = z.object({ items: z.array(keywordCount) });
export type KeywordSuggestions = z.infer<typeof keywordSuggestionsResponse>;

/** The cards of a page of search results a person was shown (issue 35): each an appearance. */
export const searchAppearancesBody = z.object({ videoIds: z.array(z.string().uuid()).min(1).max(48) });
