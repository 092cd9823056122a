import type { AdminUserDetail, AdminUserList } from '../../../common/contracts/admin-users';
import { normalizeKeyword } from '../../../common/keywords';
import { RIGHTS, type Right } from '../../../common/permissions';
import { AppError, notAuthorized, notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { type AdminUserPage, adminUsersRepository } from '../../repositories/admin-users.repository';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { cursorAfter, pageOf } from '../paging';
import { presentAdminUser, presentAdminUserDetail } from './admin-presenter';
import { loadUserPage } from './admin-user-page';

/** Rights in their canonical order, so "before" and "after" compare and read the same way. */
const ordered = (rights: readonly string[]): Right[] => RIGHTS.filter((right) => rights.includes(right));

/** A page of the users list as the endpoint's query gives it (`q` as typed). */
type UsersQuery = Omit<AdminUserPage, 'afterId'> & { cursor?: string | undefined };

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
    /** A page of users, newest first, found by `q` (folded as the search folds it) and the filters. */
    async search(query: UsersQuery): Promise<AdminUserList> {
      const { limit, cursor, q, ...filters } = query;
      const rows = await users.search({
        ...filters,
        limit,
        afterId: cursorAfter(cursor),
        q: q ? normalizeKeyword(q) : undefined,
      });
      return pageOf(rows, limit, presentAdminUser);
    },

    /** The user page, with what the caller may do to this user. */
    async view(callerId: string, userId: string): Promise<AdminUserDetail> {
      return presentAdminUserDetail(await loadUserPage(db, now(), userId), callerId);
    },

    /** Replaces the user's rights (nothing is written when they are the same); answers the user page. */
    async setRights(
      caller: CallerFacts,
      userId: string,
      wanted: Right[],
      reason?: string,
    ): Promise<AdminUserDetail> {
      await inTransaction(db, async (trx) => {
        const { user, activeAdminsBut } = await lockFor(trx, caller, userId);
        const before = ordered(user.rights);
        const after = ordered(wanted);
        if (before.join() === after.join()) return;
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
      });
      return this.view(caller.id, userId);
    },

    /**
     * Disables an account (its sessions end in the same transaction) or enables it again; the videos
     * stay as they are. Nothing is written when the account already is so; answers the user page.
     */
    async setDisabled(
      caller: CallerFacts,
      userId: string,
      disabled: boolean,
      reason?: string,
    ): Promise<AdminUserDetail> {
      if (disabled && userId === caller.id) throw new AppError('OWN_ACCOUNT', 403);
      await inTransaction(db, async (trx) => {
        const { user, activeAdminsBut } = await lockFor(trx, caller, userId);
        if ((user.disabled_at !== null) === disabled) return;
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
      });
      return this.view(caller.id, userId);
    },
  };
}
