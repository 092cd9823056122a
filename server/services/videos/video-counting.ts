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

/**
 * Runs the counters' writes one after another: each starts once the one before it has ended (failed or
 * not), so a flush ends only once everything taken before it is written. The upkeep's tally must not
 * start while the timer's batch is still on its way.
 */
export function oneAfterAnother(): <T>(write: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (write) => {
    const written = last.then(write);
    last = written.catch(() => undefined);
    return written;
  };
}
