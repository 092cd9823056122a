import { RIGHTS, type Right } from '../../../common/permissions';
import { AppError, notAuthorized, notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { type AdminUserPage, adminUsersRepository } from '../../repositories/admin-users.repository';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { ledgerRepository } from '../../repositories/ledger.repository';
import { ledgerReportsRepository } from '../../repositories/ledger-reports.repository';
import { usersRepository } from '../../repositories/users.repository';

/** How many of each list the user page shows (the rest through their own pages). */
const SHOWN = { referred: 50, videos: 50, licenseRequests: 50, ledger: 20 };

/** Rights in their canonical order, so "before" and "after" compare and read the same way. */
const ordered = (rights: readonly string[]): Right[] => RIGHTS.filter((right) => rights.includes(right));

/**
 * The back office's users (issue 20): search, one user's page, their rights and whether the account is
 * disabled. Every change writes its audit row in its own transaction; the last active admin can neither
 * be demoted nor disabled, and an admin can remove neither their own `admin` right nor their account.
 */
export function adminUsersService(deps: { db: Executor; now: () => Date }) {
  const { db, now } = deps;
  const users = adminUsersRepository(db);

  /** Locks the admins' rows and the target's; refuses a caller who stopped being an admin meanwhile. */
  async function lockFor(
    trx: Parameters<Parameters<typeof inTransaction>[1]>[0],
    caller: CallerFacts,
    userId: string,
  ) {
    const { admins, user } = await adminUsersRepository(trx).lockAdminsAndUser(trx, userId);
    if (!admins.some((admin) => admin.id === caller.id && admin.disabled_at === null)) throw notAuthorized();
    if (!user) throw notFound();
    const activeAdminsBut = (id: string) =>
      admins.filter((admin) => admin.id !== id && admin.disabled_at === null).length;
    return { user, activeAdminsBut };
  }

  return {
    search: (page: AdminUserPage) => users.search(page),

    /** Everything the user page shows. */
    async detail(userId: string) {
      const row = await users.find(userId);
      if (!row) throw notFound();
      const [referrer] = row.referrer_id ? await users.people([row.referrer_id]) : [];
      const ledger = ledgerRepository(db);
      return {
        row,
        referrer: referrer ?? null,
        referred: await users.referred(userId, SHOWN.referred),
        videos: await users.videos(userId, SHOWN.videos),
        licenseRequests: await users.licenseRequests(userId, SHOWN.licenseRequests),
        signIn: await usersRepository(db).findSignInMethods(userId),
        balances: await ledger.balances(userId, now()),
        ledger: await ledgerReportsRepository(db).recentForUser(userId, SHOWN.ledger),
      };
    },

    /** Replaces the user's rights; returns whether anything changed. */
    async setRights(caller: CallerFacts, userId: string, wanted: Right[], reason?: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const { user, activeAdminsBut } = await lockFor(trx, caller, userId);
        const before = ordered(user.rights);
        const after = ordered(wanted);
        if (before.join() === after.join()) return false;
        const losesAdmin = before.includes('admin') && !after.includes('admin');
        if (losesAdmin && userId === caller.id) throw new AppError('OWN_ADMIN_RIGHT', 403);
        if (losesAdmin && user.disabled_at === null && activeAdminsBut(userId) === 0) {
          throw new AppError('LAST_ADMIN', 409);
        }
        await adminUsersRepository(trx).setRights(trx, userId, after, now());
        await auditLogRepository(trx).record({
          actorId: caller.id,
          action: 'user.rights',
          subjectType: 'user',
          subjectId: userId,
          before: { rights: before },
          after: { rights: after },
          reason: reason || null,
        });
        return true;
      });
    },

    /**
     * Disables an account (its sessions end in the same transaction) or enables it again; the videos
     * stay as they are. Returns whether anything changed.
     */
    async setDisabled(caller: CallerFacts, userId: string, disabled: boolean, reason?: string) {
      if (disabled && userId === caller.id) throw new AppError('OWN_ACCOUNT', 403);
      return inTransaction(db, async (trx) => {
        const { user, activeAdminsBut } = await lockFor(trx, caller, userId);
        if ((user.disabled_at !== null) === disabled) return false;
        if (disabled && user.rights.includes('admin') && activeAdminsBut(userId) === 0) {
          throw new AppError('LAST_ADMIN', 409);
        }
        await adminUsersRepository(trx).setDisabled(trx, userId, disabled ? now() : null);
        await auditLogRepository(trx).record({
          actorId: caller.id,
          action: disabled ? 'user.disable' : 'user.enable',
          subjectType: 'user',
          subjectId: userId,
          before: { disabled: !disabled },
          after: { disabled },
          reason: reason || null,
        });
        return true;
      });
    },
  };
}
