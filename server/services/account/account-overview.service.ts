import type { Executor } from '../../repositories/executor';
import { userProfilesRepository } from '../../repositories/user-profiles.repository';
import { usersRepository } from '../../repositories/users.repository';
import { verificationCodesRepository } from '../../repositories/verification-codes.repository';
import { verificationsRepository } from '../../repositories/verifications.repository';

/**
 * What a signed-in user (or an e-mail link) reads about an account: the sign-in methods, profile and
 * account records the session shows, where the verification stands, and whom a reset code belongs to.
 */
export function accountOverviewService(deps: { db: Executor }) {
  const users = usersRepository(deps.db);
  const profiles = userProfilesRepository(deps.db);
  const codes = verificationCodesRepository(deps.db);
  const verifications = verificationsRepository(deps.db);

  return {
    /** The session's extras: how the user signs in, and their profile and account records (or null). */
    async sessionDetails(userId: string) {
      const [signIn, profile, account] = await Promise.all([
        users.findSignInMethods(userId),
        profiles.findProfile(userId),
        profiles.findAccount(userId),
      ]);
      return { signIn, profile, account };
    },

    /** The four facts of SPEC 4.5 and the pending e-mail and SMS codes; undefined when the user is gone. */
    async verificationStanding(userId: string) {
      const standing = await users.findStanding(userId);
      if (!standing) return undefined;
      const [emailCode, phoneCode] = await Promise.all([
        codes.find(userId, 'email'),
        codes.find(userId, 'phone'),
      ]);
      return { standing, emailCode, phoneCode };
    },

    /** The address a password-reset code belongs to, with its expiry; undefined for an unknown code. */
    findPasswordReset: (code: string) => verifications.findPasswordReset(code),
  };
}
