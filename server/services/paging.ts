import { AppError } from '../errors';

/** Page cursors are opaque to callers: the id of the last row of the previous page, base64url. */
export function encodeCursor(id: string): string {
  return Buffer.from(id).toString('base64url');
}

/** The id in a cursor, or null when it is not one of ours. */
export function decodeCursor(value: string): string | null {
  const id = Buffer.from(value, 'base64url').toString();
  return /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
}

/** The id a `cursor` query parameter points after; a forged or broken cursor is a validation error. */
export function cursorAfter(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const id = decodeCursor(cursor);
  if (!id) {
    throw new AppError('VALIDATION_FAILED', 400, undefined, [
      { field: 'cursor', message: 'errors.VALIDATION_FAILED' },
    ]);
  }
  return id;
}

/** One page of rows loaded with one extra (SPEC 7 paging): the page, and the cursor of the next, if any. */
export function pageOf<R extends { id: string }, T>(rows: R[], limit: number, present: (row: R) => T) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(present),
    nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
  };
}
