import { notAuthenticated, notAuthorized } from '../errors';

/**
 * The one type of the signed-in user the server works with: `request.user` (resolved from the session
 * by plugins/auth.ts), and what every policy takes. Enough for the rules; pages that need more load it.
 */
export interface Caller {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
  rights: string[];
  phoneNumber: string | null;
  /** Fully verified (SPEC 4.5); verified-only actions check it with `assertVerified`. */
  verified: boolean;
}

/** What the rules read of a caller; policies take this much so their tests stay small. */
export type CallerFacts = Pick<Caller, 'id' | 'rights' | 'verified'>;

/** Actions of a signed-in user: a visitor gets 401. */
export function assertSignedIn<T extends object>(caller: T | null | undefined): asserts caller is T {
  if (!caller) throw notAuthenticated();
}

/**
 * Actions kept for holders of a right (`isVideoStaff`, `isLicenseManager`, `isAdmin`): 401 to a visitor,
 * 403 to anyone else.
 */
export function assertAllowed<T extends Pick<CallerFacts, 'id' | 'rights'>>(
  caller: T | null | undefined,
  allowed: (caller: T) => boolean,
): asserts caller is T {
  assertSignedIn(caller);
  if (!allowed(caller)) throw notAuthorized();
}
