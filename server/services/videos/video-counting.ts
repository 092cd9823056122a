/** The longest search a creator's list of words keeps (a longer one is cut, never refused). */
const MOST_WORD_CHARS = 80;

/**
 * A search's words as the creator's list of them keeps them: lower case, single spaces, cut short; none
 * when nothing is left. Words, never who searched.
 */
export function searchWordsOf(query: string | undefined): string | null {
  const words = (query ?? '')
    .toLocaleLowerCase()
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, MOST_WORD_CHARS)
    .trim();
  return words === '' ? null : words;
}
