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
