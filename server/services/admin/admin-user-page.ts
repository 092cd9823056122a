/** The user page of the back office (issue 20): what it shows of one member, loaded before it is presented. */
import { notFound } from '../../errors';
import { adminUsersRepository } from '../../repositories/admin-users.repository';
import type { Executor } from '../../repositories/executor';
import { ledgerRepository } from '../../repositories/ledger.repository';
import { ledgerReportsRepository } from '../../repositories/ledger-reports.repository';
import { usersRepository } from '../../repositories/users.repository';

/** How many of each list the user page shows (the rest through their own pages). */
const SHOWN = { referred: 50, videos: 50, licenseRequests: 50, ledger: 20 };

/** Everything the user page shows, before it is presented. */
export async function loadUserPage(db: Executor, now: Date, userId: string) {
  const users = adminUsersRepository(db);
  const row = await users.find(userId);
  if (!row) throw notFound();
  const [referrer] = row.referrer_id ? await users.people([row.referrer_id]) : [];
  return {
    row,
    referrer: referrer ?? null,
    referred: await users.referred(userId, SHOWN.referred),
    videos: await users.videos(userId, SHOWN.videos),
    licenseRequests: await users.licenseRequests(userId, SHOWN.licenseRequests),
    signIn: await usersRepository(db).findSignInMethods(userId),
    balances: await ledgerRepository(db).balances(userId, now),
    ledger: await ledgerReportsRepository(db).recentForUser(userId, SHOWN.ledger),
  };
}
export type UserPageFacts = Awaited<ReturnType<typeof loadUserPage>>;
