import { DEFAULT_COUNTRY, type Role } from '../../../common/constants';
import type { SessionResponse } from '../../../common/contracts/session';
import { currentVerificationStep, type VerificationState } from '../../../common/contracts/verification';
import type { CountryLookup } from '../../adapters/geo/country-lookup';
import { AppError, notAuthenticated } from '../../errors';
import type { Caller } from '../../policies/caller';
import type { Executor } from '../../repositories/executor';
import { userProfilesRepository } from '../../repositories/user-profiles.repository';
import { usersRepository } from '../../repositories/users.repository';
import { verificationCodesRepository } from '../../repositories/verification-codes.repository';
import { verificationsRepository } from '../../repositories/verifications.repository';

/**
 * What a signed-in user (or an e-mail link) reads about an account: the session with its sign-in methods,
 * profile and account records, where the verification stands, and whom a reset code belongs to.
 */
export function accountOverviewService(deps: { db: Executor; now: () => Date; geo: CountryLookup }) {
  const users = usersRepository(deps.db);
  const profiles = userProfilesRepository(deps.db);
  const codes = verificationCodesRepository(deps.db);
  const verifications = verificationsRepository(deps.db);

  /** A pending code, as long as it still works. */
  const pending = (row: { target: string; expires_at: Date } | undefined) =>
    row && row.expires_at.getTime() > deps.now().getTime()
      ? { sentTo: row.target, expiresAt: row.expires_at.toISOString() }
      : null;

  return {
    /** Who is signed in (null for a visitor), with how they sign in and their profile and account. */
    async session(caller: Caller | null): Promise<SessionResponse> {
      if (!caller) return { user: null };
      const [signIn, profile, account] = await Promise.all([
        users.findSignInMethods(caller.id),
        profiles.findProfile(caller.id),
        profiles.findAccount(caller.id),
      ]);
      return {
        user: {
          ...caller,
          ...signIn,
          phoneNumberVerified: caller.phoneNumber !== null,
          profile: profile ? { name: profile.name, bio: profile.bio, isVerified: profile.is_verified } : null,
          account: account
            ? {
                name: account.name,
                role: account.role as Role,
                country: account.country,
                instagram: account.instagram,
                isBusinessAccount: account.is_business_account,
                companyName: account.company_name,
                isPolicyAgreed: account.is_policy_agreed,
                isAgeRestrictionAgreed: account.is_age_restriction_agreed,
                isVerified: account.is_verified,
              }
            : null,
        },
      };
    },

    /**
     * The four facts of SPEC 4.5, the pending e-mail and SMS codes, and the country the caller's address
     * is in (the forms start from it).
     */
    async verificationState(userId: string, ip: string): Promise<VerificationState> {
      const standing = await users.findStanding(userId);
      if (!standing) throw notAuthenticated();
      const [emailCode, phoneCode] = await Promise.all([
        codes.find(userId, 'email'),
        codes.find(userId, 'phone'),
      ]);
      const facts = {
        emailVerified: standing.email_verified,
        phoneNumber: standing.phone_number,
        profileComplete: standing.profile_verified === true && standing.account_verified === true,
      };
      return {
        email: standing.email,
        ...facts,
        emailCode: emailCode?.target === standing.email ? pending(emailCode) : null,
        phoneCode: pending(phoneCode),
        verified: currentVerificationStep(facts) === 'done',
        countryGuess: deps.geo.countryOf(ip) ?? DEFAULT_COUNTRY,
      };
    },

    /** The address a password-reset code belongs to, while the code still works. */
    async passwordResetEmail(code: string): Promise<{ email: string }> {
      const reset = await verifications.findPasswordReset(code);
      if (!reset) throw new AppError('INVALID_ACTION_CODE', 400);
      // better-auth, which spends the code, checks its expiry against the real time: so does this.
      if (reset.expires_at.getTime() < Date.now()) throw new AppError('ACTION_CODE_EXPIRED', 400);
      return { email: reset.email };
    },
  };
}
