import type { ErrorCode, FieldIssue } from '../common/errors';

/** A failure the caller should see: the code is translated by the web, the status goes on the response. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly params?: Record<string, string | number>,
    readonly fields?: FieldIssue[],
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('NOT_FOUND', 404);
export const notAuthenticated = () => new AppError('NOT_AUTHENTICATED', 401);
export const notAuthorized = () => new AppError('NOT_AUTHORIZED', 403);
