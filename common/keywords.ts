/**
 * Keywords are shown as entered and matched without case or accents: "Πάφος", "ΠΑΦΟΣ" and "pafos"
 * are different words, but "Πάφος" and "παφος" are the same one.
 */
export function normalizeKeyword(keyword: string): string {
  return keyword
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The keywords of a comma-separated field: trimmed, without empties or repeats (by their normal form). */
export function parseKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const part of text.split(',')) {
    const keyword = part.replace(/\s+/g, ' ').trim();
    const key = normalizeKeyword(keyword);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    keywords.push(keyword);
  }
  return keywords;
}

/** The most words one search looks for in titles and descriptions; more are ignored. */
export const SEARCH_WORDS_MAX = 20;

/**
 * The words of a search text in their folded form (as `normalizeKeyword`), split on anything that is
 * not a letter or digit, without repeats: 'Πάφος, sunset-beach' -> ['παφοσ', 'sunset', 'beach'].
 */
export function searchWords(text: string): string[] {
  const words = normalizeKeyword(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= 60);
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}
