import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

export function usersRepository(db: Kysely<DB>) {
  return {
    /** The picture a user shows (a URL), or undefined when the user is gone. */
    findImage(userId: string) {
      return db.selectFrom('users').select('image').where('id', '=', userId).executeTakeFirst();
    },

    /** Replaces the picture only while it is still `from` (a user who set their own meanwhile keeps it). */
    async replaceImage(userId: string, from: string, to: string, now: Date): Promise<boolean> {
      const updated = await db
        .updateTable('users')
        .set({ image: to, updated_at: now })
        .where('id', '=', userId)
        .where('image', '=', from)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /**
     * Users who signed up with a social provider between `from` and `to` and still show a picture that
     * is not ours (not under `ownPrefix`): the provider's picture, not imported. Each with its provider.
     */
    providerPictures(options: { ownPrefix: string; providers: readonly string[]; from: Date; to: Date }) {
      const { ownPrefix, providers, from, to } = options;
      if (providers.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.user_id', 'users.id')
        .select(['users.id as userId', 'users.image as url', 'accounts.provider_id as provider'])
        .where('users.image', 'is not', null)
        .where(sql<boolean>`left(users.image, ${ownPrefix.length}) <> ${ownPrefix}`)
        .where('accounts.provider_id', 'in', providers)
        .where('users.created_at', '>=', from)
        .where('users.created_at', '<', to)
        .orderBy('users.created_at')
        .execute() as Promise<{ userId: string; url: string; provider: string }[]>;
    },

    /**
     * What verification and permissions need of a user, in one query: the four facts of SPEC 4.5
     * (e-mail verified, phone present, profile and account verified) and the staff rights.
     */
    findStanding(userId: string) {
      return db
        .selectFrom('users')
        .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
        .leftJoin('user_accounts', 'user_accounts.user_id', 'users.id')
        .select([
          'users.id',
          'users.email',
          'users.email_verified',
          'users.phone_number',
          'users.language',
          'users.rights',
          'users.disabled_at',
          'user_profiles.is_verified as profile_verified',
          'user_accounts.is_verified as account_verified',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    findPublic(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'image'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** A user named by id or e-mail (any case): how an admin names the user of an adjustment. */
    findByIdOrEmail(value: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name'])
        .where((w) => w.or([w('id', '=', value), w(sql`lower(email)`, '=', value.toLowerCase())]))
        .executeTakeFirst();
    },

    findById(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'language'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Whether another account already uses this e-mail (compared without case). */
    async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase());
      if (exceptUserId) query = query.where('id', '!=', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Whether another account already has this verified phone number. */
    async phoneTaken(phoneNumber: string, exceptUserId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('phone_number', '=', phoneNumber)
        .where('id', '!=', exceptUserId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A new address still to be verified (the verification modal's first step). */
    async setUnverifiedEmail(userId: string, email: string, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ email, email_verified: false, updated_at: now })
        .where('id', '=', userId)
        .execute();
    },

    async markEmailVerified(userId: string, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ email_verified: true, updated_at: now })
        .where('id', '=', userId)
        .execute();
    },

    /** Stores a verified number; the unique index refuses one that another account took meanwhile. */
    async setPhoneNumber(userId: string, phoneNumber: string, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ phone_number: phoneNumber, updated_at: now })
        .where('id', '=', userId)
        .execute();
    },

    /** Sets the e-mail (verified) and signs the user out everywhere. */
    async replaceEmail(userId: string, email: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ email, email_verified: true, updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      });
    },

    /** The language the user reads mail, SMS and notices in (the one they last chose in the app). */
    async setLanguage(userId: string, language: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ language, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },

    /** How a user can sign in: with a password, and/or through which social providers. */
    async findSignInMethods(userId: string): Promise<{ passwordSet: boolean; socialProviders: string[] }> {
      const accounts = await db
        .selectFrom('accounts')
        .select(['provider_id', 'password'])
        .where('user_id', '=', userId)
        .execute();
      return {
        passwordSet: accounts.some(
          (account) => account.provider_id === 'credential' && account.password !== null,
        ),
        socialProviders: accounts
          .filter((account) => account.provider_id !== 'credential')
          .map((account) => account.provider_id),
      };
    },
  };
}
