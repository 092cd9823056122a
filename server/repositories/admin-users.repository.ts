import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { Executor, Tx } from './executor';
import { keysetPage } from './keyset-page';
import { likeContaining } from './like-pattern';

export interface AdminUserPage {
  limit: number;
  afterId: string | null;
  /** Already folded (lower case, no accents): see `foldForSearch`. */
  q?: string | undefined;
  right?: string | undefined;
  verification?: 'verified' | 'unverified' | undefined;
  state?: 'active' | 'disabled' | undefined;
}

/**
 * Lower case without accents, in SQL. PGlite has no `unaccent`, so the accented letters of Greek and the
 * common Latin ones are translated by hand; the query is folded the same way in JavaScript.
 */
const ACCENTED = 'άέήίόύώϊϋΐΰςáàâäãåéèêëíìîïóòôöõúùûüçñ';
const PLAIN = 'αεηιουωιυιυσaaaaaaeeeeiiiiooooouuuucn';
const fold = (expression: ReturnType<typeof sql>) =>
  sql`translate(lower(${expression}), ${ACCENTED}, ${PLAIN})`;

type UsersJoined = ExpressionBuilder<
  DB & { p: DB['user_profiles']; a: DB['user_accounts']; alias: DB['user_aliases'] },
  'users' | 'p' | 'a' | 'alias'
>;
/** Fully verified (SPEC 4.5), as `isFullyVerified` says it. */
const verifiedSql = sql<boolean>`(users.email_verified and users.phone_number is not null and coalesce(p.is_verified, false) and coalesce(a.is_verified, false))`;

function usersWithProfiles(db: Executor) {
  return db
    .selectFrom('users')
    .leftJoin('user_profiles as p', 'p.user_id', 'users.id')
    .leftJoin('user_accounts as a', 'a.user_id', 'users.id')
    .leftJoin('user_aliases as alias', 'alias.user_id', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.phone_number',
      'users.rights',
      'users.disabled_at',
      'users.created_at',
      'alias.alias as username',
      verifiedSql.as('verified'),
    ]);
}
export type AdminUserRow = Awaited<ReturnType<ReturnType<typeof usersWithProfiles>['execute']>>[number];

/** The admin's reads and writes of users (the back office): search, one user's page, rights, disabling. */
export function adminUsersRepository(db: Executor) {
  return {
    /** Newest first (keyset on created_at, id), one row more than the page. */
    search(page: AdminUserPage): Promise<AdminUserRow[]> {
      let query = usersWithProfiles(db);
      if (page.q) {
        const pattern = likeContaining(page.q);
        const digits = page.q.replace(/[\s()-]/g, '');
        query = query.where((eb: UsersJoined) =>
          eb.or([
            eb(fold(sql`users.name`), 'like', pattern),
            eb(fold(sql`users.email`), 'like', pattern),
            eb(fold(sql`alias.alias`), 'like', pattern),
            eb(fold(sql`p.name`), 'like', pattern),
            eb(fold(sql`a.name`), 'like', pattern),
            eb(fold(sql`a.company_name`), 'like', pattern),
            ...(digits.length >= 3 ? [eb('users.phone_number', 'like', likeContaining(digits))] : []),
          ]),
        );
      }
      if (page.right) query = query.where(sql<boolean>`${page.right} = any(users.rights)`);
      if (page.verification === 'verified') query = query.where(verifiedSql);
      if (page.verification === 'unverified') query = query.where(sql<boolean>`not ${verifiedSql}`);
      if (page.state === 'disabled') query = query.where('users.disabled_at', 'is not', null);
      if (page.state === 'active') query = query.where('users.disabled_at', 'is', null);
      return keysetPage(query, { table: 'users', alias: 'users' }, page).execute();
    },

    /** One user with the profile and account records, or undefined. */
    find(userId: string) {
      return usersWithProfiles(db)
        .select([
          'users.language',
          'users.image',
          'users.email_verified',
          'users.referrer_id',
          'p.name as profile_name',
          'p.bio as profile_bio',
          'p.is_verified as profile_verified',
          'a.name as account_name',
          'a.role as account_role',
          'a.country as account_country',
          'a.instagram as account_instagram',
          'a.is_business_account as account_business',
          'a.company_name as account_company',
          'a.is_verified as account_verified',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    /** Members by id with their usernames (a referrer). */
    people(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .leftJoin('user_aliases as alias', 'alias.user_id', 'users.id')
        .select(['users.id', 'users.name', 'alias.alias as username'])
        .where('users.id', 'in', ids)
        .execute();
    },

    /** The members a user referred, newest first, and how many in all. */
    async referred(userId: string, limit: number) {
      const rows = await db
        .selectFrom('users')
        .leftJoin('user_aliases as alias', 'alias.user_id', 'users.id')
        .select(['users.id', 'users.name', 'alias.alias as username'])
        .where('users.referrer_id', '=', userId)
        .orderBy('users.created_at', 'desc')
        .limit(limit)
        .execute();
      const { count } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('referrer_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { rows, count: Number(count) };
    },

    /** A user's videos in every status, newest first, and how many in all. */
    async videos(userId: string, limit: number) {
      const rows = await db
        .selectFrom('videos')
        .select(['id', 'title', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      const { count } = await db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { rows, count: Number(count) };
    },

    /** The license requests a user made as a buyer, newest first, and how many in all. */
    async licenseRequests(userId: string, limit: number) {
      const rows = await db
        .selectFrom('license_requests as r')
        .innerJoin('videos as v', 'v.id', 'r.video_id')
        .select(['r.id', 'r.status', 'r.created_at', 'v.title as video_title'])
        .where('r.buyer_id', '=', userId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
      const { count } = await db
        .selectFrom('license_requests')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('buyer_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { rows, count: Number(count) };
    },

    /**
     * Locks every admin's row and then the target's, in id order, and returns the admins. Two admins
     * demoting each other at once take turns here: the second finds one admin left (PostgreSQL re-reads a
     * locked row that changed before returning it, and a row that no longer holds `admin` drops out).
     */
    async lockAdminsAndUser(trx: Tx, userId: string) {
      const admins = await trx
        .selectFrom('users')
        .select(['id', 'disabled_at'])
        .where(sql<boolean>`'admin' = any(rights)`)
        .orderBy('id')
        .forUpdate()
        .execute();
      const user = await trx
        .selectFrom('users')
        .select(['id', 'rights', 'disabled_at'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return { admins, user };
    },

    async setRights(trx: Tx, userId: string, rights: string[], now: Date): Promise<void> {
      await trx.updateTable('users').set({ rights, updated_at: now }).where('id', '=', userId).execute();
    },

    /** Disables (a date) or enables (null) an account; disabling ends every session at once. */
    async setDisabled(trx: Tx, userId: string, disabledAt: Date | null): Promise<void> {
      await trx
        .updateTable('users')
        .set({ disabled_at: disabledAt, updated_at: disabledAt ?? new Date() })
        .where('id', '=', userId)
        .execute();
      if (disabledAt) await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    /** Whether an account is disabled (sign-in and every request ask). */
    async isDisabled(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('disabled_at')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.disabled_at != null;
    },

    /** Ends every session of a user (a disabled user's session that slipped in). */
    async endSessions(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
  };
}
