/** A satisfiable range with both ends known, `end` included. */
export interface ResolvedRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header for a file of `size` bytes. Only one range is served (what video players
 * ask for): `bytes=a-b`, `bytes=a-` and `bytes=-n`. No header, several ranges or a malformed header give
 * null, which means the whole file (RFC 9110 lets a server ignore a Range it will not serve);
 * 'unsatisfiable' means answer 416.
 */
export function parseRangeHeader(
  header: string | undefined,
  size: number,
): ResolvedRange | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
