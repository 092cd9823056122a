/**
 * Every lexeme a words' query (or one word of it) quotes, once each. The query's text quotes each lexeme;
 * words hold letters and digits only, so no quote is escaped.
 */
export function quotedLexemes(query: string | null): string[] {
  return query ? [...new Set([...query.matchAll(/'([^']+)'/g)].map((m) => m[1] as string))] : [];
}

/**
 * The lexemes a standing request is found by (migration 0038's `lexemes`): those of one of its words, the
 * one fewest videos hold (the sum of its forms' shares in `sharesOfVideos`, the text statistics'; a form
 * not there counts 0), and of equals the one whose forms are longest (longer words are rarer), then the
 * first. One word is enough: the words' query is an AND of every word's forms, `('a' | 'b') & ('c')` as
 * `wordsQueryText` writes it, so a video without any form of that word cannot match.
 *
 * Migration 0038 applied the longest-word rule in SQL to the requests saved before it; a request keeps its
 * anchor until it is edited (any word is correct, a rarer one only wakes fewer requests for nothing).
 */
export function anchorLexemes(
  query: string | null,
  sharesOfVideos: ReadonlyMap<string, number> = new Map(),
): string[] {
  if (!query) return [];
  let best: string[] = [];
  let bestShare = Number.POSITIVE_INFINITY;
  let bestLength = -1;
  for (const word of query.split(' & ')) {
    const forms = quotedLexemes(word);
    if (forms.length === 0) continue;
    const share = forms.reduce((sum, form) => sum + (sharesOfVideos.get(form) ?? 0), 0);
    const length = Math.min(...forms.map((form) => form.length));
    if (share < bestShare || (share === bestShare && length > bestLength))
      [best, bestShare, bestLength] = [forms, share, length];
  }
  return best;
}

/**
 * The keyword a standing request is found by (migration 0040's `anchor_keyword`): of its keywords (normal
 * forms), the one fewest videos have, by `keyword_summary`'s counts (a keyword no video has counts 0);
 * the first in byte order of equals. One is enough: a video must hold every keyword of the request.
 */
export function anchorKeyword(
  keywords: readonly string[],
  videosWith: ReadonlyMap<string, number>,
): string | null {
  let best: string | null = null;
  for (const keyword of keywords) {
    const count = videosWith.get(keyword) ?? 0;
    const bestCount = best === null ? Number.POSITIVE_INFINITY : (videosWith.get(best) ?? 0);
    if (count < bestCount || (count === bestCount && best !== null && keyword < best)) best = keyword;
  }
  return best;
}
