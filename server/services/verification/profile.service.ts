import { type ProfileInput, usernameAlias } from '../../../common/contracts/verification';
import { AppError } from '../../errors';
import { type Executor, inTransaction } from '../../repositories/executor';
import { userProfilesRepository } from '../../repositories/user-profiles.repository';

/**
 * Step 3 (SPEC 2.5, 4.5, 5): "Save profile info" writes the account, the profile and the username alias
 * in one transaction, all verified. The alias is claimed first, so a taken name changes nothing; saves
 * of the same user are serialised on the user's row, so the last one wins whole and none fails.
 */
export function profileService(deps: { db: Executor; now: () => Date }) {
  const profiles = userProfilesRepository(deps.db);

  return {
    /** Answers `{ status: true }` once everything is saved. */
    async save(userId: string, input: ProfileInput): Promise<{ status: true }> {
      const alias = usernameAlias(input.username);
      await inTransaction(deps.db, async (trx) => {
        // Saves of one user take turns (a double click, two tabs): each is a rename of the last one.
        await profiles.lockUser(trx, userId);
        if (!(await profiles.claimAlias(trx, userId, alias))) {
          throw new AppError('USERNAME_TAKEN', 409, undefined, [
            { field: 'username', message: 'profile.errors.usernameTaken' },
          ]);
        }
        await profiles.save(
          trx,
          {
            userId,
            username: input.username,
            alias,
            bio: input.bio,
            account: {
              name: input.name,
              role: input.role,
              country: input.country,
              instagram: input.instagram || null,
              isBusinessAccount: input.isBusinessAccount,
              companyName: input.isBusinessAccount ? input.companyName : null,
              isPolicyAgreed: input.isPolicyAgreed,
              isAgeRestrictionAgreed: input.isAgeRestrictionAgreed,
            },
          },
          deps.now(),
        );
      });
      return { status: true };
    },
  };
}
export type ProfileService = ReturnType<typeof profileService>;
