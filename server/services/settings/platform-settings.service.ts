import type { AppSettingsValues } from '../../../common/contracts/admin-settings';
import { appSettingsRepository, type PlatformSettings } from '../../repositories/app-settings.repository';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';

/**
 * The platform's settings (creator share, referral bonus, withdrawal policy, refund window, currency).
 * A change applies to what is created after it: a license request copies the currency and percentages
 * when it is made, so quoted and paid requests keep theirs.
 */
export function platformSettingsService(deps: { db: Executor }) {
  return {
    get: (): Promise<PlatformSettings> => appSettingsRepository(deps.db).platform(),

    /** Saves the whole set and its audit row (before and after) in one transaction. */
    update(actorId: string, values: AppSettingsValues): Promise<PlatformSettings> {
      return inTransaction(deps.db, async (trx) => {
        const settings = appSettingsRepository(trx);
        const before = await settings.platform();
        const { withdrawalMinimum, ...rest } = values;
        const after: PlatformSettings = { ...rest, withdrawalMinimumCents: withdrawalMinimum };
        await settings.savePlatform(after, actorId);
        await auditLogRepository(trx).record({
          actorId,
          action: 'settings.update',
          subjectType: 'app_settings',
          before,
          after,
        });
        return after;
      });
    },
  };
}
