/** Page cursors are opaque to callers: the id of the last row of the previous page, base64url. */
export function encodeCursor(id: string): string {
  return Buffer.from(id).toString('base64url');
}

/** The id in a cursor, or null when it is not one of ours. */
export function decodeCursor(value: string): string | null {
  const id = Buffer.from(value, 'base64url').toString();
  return /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
}
