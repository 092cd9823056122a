import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const NUL = '\u0000';
/** Enough fields for the form to point at; a body full of NULs need not list them all. */
const MAX_REPORTED = 10;

/**
 * The paths (`title`, `location.address`, `keywords.0`) of every string that holds a NUL character, keys
 * included. Walks with its own stack, so a deep body cannot overflow the call stack.
 */
export function pathsWithNul(value: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [item, at] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (item.includes(NUL)) found.push(at);
    } else if (Array.isArray(item)) {
      for (const [index, child] of item.entries()) stack.push([child, at ? `${at}.${index}` : String(index)]);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        const path = at ? `${at}.${key}` : key;
        if (key.includes(NUL)) found.push(path);
        stack.push([child, path]);
      }
    }
  }
  return found;
}

/**
 * PostgreSQL cannot store U+0000 in text and refuses the statement, which would surface as a 500. No
 * form ever needs it, so every API route (better-auth's `/api/auth/*` included, which zod does not guard)
 * refuses it in the path, the query and the body before validation: 400 `INVALID_CHARACTERS`, with the
 * fields that hold it.
 */
export function registerInputCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Only the API takes text that may reach the database; pages and public files take none.
    if (!request.url.startsWith('/api/')) return;
    const paths = [
      ...pathsWithNul(request.params),
      ...pathsWithNul(request.query),
      ...pathsWithNul(request.body),
    ];
    if (paths.length === 0) return;
    const fields = [...new Set(paths)].map((field) => ({ field, message: 'errors.INVALID_CHARACTERS' }));
    throw new AppError('INVALID_CHARACTERS', 400, undefined, fields);
  });
}
