import { z } from 'zod';
import { LIMITS } from '../constants';
import { parseKeywords } from '../keywords';
import { keywordCount } from './videos';

/** The longest text one search may carry (keywords joined, or the free words). */
export const SEARCH_TEXT_MAX = 500;

/**
 * `GET /api/videos/search`: `keywords` comma-separated (each one must be on the video: AND), `q` free
 * words looked for in titles and descriptions; the chosen keywords' words are looked for there too.
 */
export const videoSearchQuery = z
  .object({
    keywords: z
      .string()
      .max(SEARCH_TEXT_MAX)
      .default('')
      .transform((text) => parseKeywords(text))
      .refine((keywords) => keywords.length <= LIMITS.searchKeywordsMax, {
        error: 'search.errors.tooManyKeywords',
      }),
    q: z.string().max(SEARCH_TEXT_MAX).default(''),
    limit: z.coerce.number().int().min(1).max(48).default(12),
    cursor: z.string().max(200).optional(),
  })
  .refine((query) => query.keywords.length > 0 || query.q.trim() !== '', {
    error: 'search.errors.nothingToSearch',
    path: ['keywords'],
  });

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
