import { AppError } from '../../errors';

/**
 * better-auth's password actions on the caller's own session (better-auth owns the hashes and finds the
 * user by the session), as `app.ts` hands them over: the session is the request's headers.
 */
export interface PasswordActions {
  verifyPassword: (password: string, session: Headers) => Promise<void>;
  setPassword: (newPassword: string, session: Headers) => Promise<void>;
}

/** The signed-in user's password: proving it again before a sensitive change, or setting a first one. */
export function accountPasswordService(deps: PasswordActions) {
  return {
    /** Re-authentication: the current password must be right, or the action is refused. */
    async confirm(session: Headers, password: string): Promise<void> {
      try {
        await deps.verifyPassword(password, session);
      } catch {
        throw new AppError('INVALID_PASSWORD', 400);
      }
    },

    /** A first password on an account made through a social login. */
    async setFirst(session: Headers, newPassword: string): Promise<{ status: true }> {
      try {
        await deps.setPassword(newPassword, session);
      } catch (error) {
        if ((error as { body?: { code?: string } }).body?.code === 'PASSWORD_ALREADY_SET') {
          throw new AppError('PASSWORD_ALREADY_SET', 400);
        }
        throw error;
      }
      return { status: true };
    },
  };
}
export type AccountPasswordService = ReturnType<typeof accountPasswordService>;
