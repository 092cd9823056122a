import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { TV_OWNER_ID } from '../db/migrations/0008-tv';
import type { DB } from '../db/schema';
import type { Executor } from './executor';

/**
 * What only the demo data writes (`server/seed/`): members who are verified already, with a password,
 * videos with the status and dates a story needs, and rows dated in the past. The seed's sales,
 * withdrawals, requests and messages go through the product's own repositories.
 */
export function demoDataRepository(db: Executor) {
  return {
    /** No one has signed up yet (the system account a migration creates is nobody's data). */
    async isEmpty(): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('id', '<>', TV_OWNER_ID)
        .executeTakeFirstOrThrow();
      return Number(row.count) === 0;
    },

    /** A member with a password (better-auth's credential account). */
    async addMember(user: Insertable<DB['users']> & { id: string }, passwordHash: string) {
      await db.insertInto('users').values(user).execute();
      await db
        .insertInto('accounts')
        .values({
          id: randomUUID(),
          user_id: user.id,
          account_id: user.id,
          provider_id: 'credential',
          password: passwordHash,
        })
        .execute();
    },

    /** The account, profile and username of a member who finished the verification (SPEC 4.5). */
    async addVerification(
      account: Insertable<DB['user_accounts']>,
      profile: Insertable<DB['user_profiles']>,
      alias: string,
    ) {
      await db.insertInto('user_accounts').values(account).execute();
      await db.insertInto('user_profiles').values(profile).execute();
      await db.insertInto('user_aliases').values({ alias, user_id: account.user_id }).execute();
    },

    addVideo: (video: Insertable<DB['videos']>) => db.insertInto('videos').values(video).execute(),

    addBillingAddress: (address: Insertable<DB['billing_addresses']>) =>
      db.insertInto('billing_addresses').values(address).execute(),

    licenseTypeOfScope: (scope: string) =>
      db.selectFrom('license_types').selectAll().where('scope', '=', scope).executeTakeFirstOrThrow(),

    /** Who referred a member, for the referral bonus of a demo sale. */
    async referrerOf(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('referrer_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.referrer_id;
    },

    /** A demo video's audience of past days, as the counters' tally leaves them. */
    async addDailyStats(
      rows: { video_id: string; day: string; views: number; opens: number; appearances: number }[],
    ) {
      if (rows.length > 0) await db.insertInto('video_daily_stats').values(rows).execute();
    },

    /** Dates a sale's ledger rows when it was paid. */
    backdateSale: (licenseRequestId: string, at: Date) =>
      db
        .updateTable('transactions')
        .set({ created_at: at })
        .where('license_request_id', '=', licenseRequestId)
        .execute(),

    /** Dates a withdrawal request and its ledger rows when it was made. */
    async backdateWithdrawal(withdrawalRequestId: string, at: Date) {
      await db
        .updateTable('withdrawal_requests')
        .set({ created_at: at })
        .where('id', '=', withdrawalRequestId)
        .execute();
      await db
        .updateTable('transactions')
        .set({ created_at: at })
        .where('withdrawal_request_id', '=', withdrawalRequestId)
        .execute();
    },
  };
}
