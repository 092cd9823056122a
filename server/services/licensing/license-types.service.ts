import { appSettingsRepository } from '../../repositories/app-settings.repository';
import type { Executor } from '../../repositories/executor';
import { licenseTypesRepository } from '../../repositories/license-types.repository';

/** The licence types a buyer chooses from, with the currency their prices are in. */
export function licenseTypesService(deps: { db: Executor }) {
  return {
    async listActive() {
      const [types, settings] = await Promise.all([
        licenseTypesRepository(deps.db).listActive(),
        appSettingsRepository(deps.db).licensing(),
      ]);
      return { types, currency: settings.currency };
    },
  };
}
