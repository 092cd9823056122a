import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

export interface ProfileRecord {
  userId: string;
  username: string;
  alias: string;
  bio: string;
  account: {
    name: string;
    role: string;
    country: string;
    instagram: string | null;
    isBusinessAccount: boolean;
    companyName: string | null;
    isPolicyAgreed: boolean;
    isAgeRestrictionAgreed: boolean;
  };
}

/** The private account, the public profile and the username alias of a user (SPEC 3). */
export function userProfilesRepository(db: Kysely<DB>) {
  return {
    findAccount(userId: string) {
      return db.selectFrom('user_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    findProfile(userId: string) {
      return db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /**
     * Locks the user's row until `trx` ends, so two saves of one user's profile take turns: without it,
     * both replace the user's alias at once and the second insert breaks the one-alias-per-user key.
     */
    async lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    /**
     * Claims the alias for the user inside `trx`. The alias is the primary key, so of two simultaneous
     * claims one waits for the other and then finds it taken. Returns false when another user owns it.
     */
    async claimAlias(trx: Transaction<DB>, userId: string, alias: string): Promise<boolean> {
      await trx
        .deleteFrom('user_aliases')
        .where('user_id', '=', userId)
        .where('alias', '!=', alias)
        .execute();
      await trx
        .insertInto('user_aliases')
        .values({ alias, user_id: userId })
        .onConflict((oc) => oc.column('alias').doNothing())
        .execute();
      const owner = await trx
        .selectFrom('user_aliases')
        .select('user_id')
        .where('alias', '=', alias)
        .executeTakeFirst();
      return owner?.user_id === userId;
    },

    /** Writes the account and the profile, both verified, and the display name, inside `trx`. */
    async save(trx: Transaction<DB>, record: ProfileRecord, now: Date): Promise<void> {
      const account = {
        name: record.account.name,
        role: record.account.role,
        country: record.account.country,
        instagram: record.account.instagram,
        is_business_account: record.account.isBusinessAccount,
        company_name: record.account.companyName,
        is_policy_agreed: record.account.isPolicyAgreed,
        is_age_restriction_agreed: record.account.isAgeRestrictionAgreed,
        is_verified: true,
        updated_at: now,
      };
      await trx
        .insertInto('user_accounts')
        .values({ user_id: record.userId, ...account })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(account))
        .execute();
      const profile = { name: record.username, bio: record.bio, is_verified: true, updated_at: now };
      await trx
        .insertInto('user_profiles')
        .values({ user_id: record.userId, ...profile })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(profile))
        .execute();
      // The public display name everywhere (menus, bylines) is the username.
      await trx
        .updateTable('users')
        .set({ name: record.username, updated_at: now })
        .where('id', '=', record.userId)
        .execute();
    },
  };
}
