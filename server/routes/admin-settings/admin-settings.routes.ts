import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsEndpoints as endpoints } from '../../../common/endpoints/admin-settings';
import { route } from '../route';

/**
 * App settings (SPEC 2.1 /admin/settings): the operations of `common/endpoints/admin-settings.ts`, the
 * platform's percentages, withdrawal policy, refund window and currency, and the license types with their
 * prices. Admins only (the table's access); every change is audited.
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platformSettings, licenseTypes } = app.services;

  route(app, endpoints.settings, () => platformSettings.get());
  route(app, endpoints.saveSettings, ({ caller, body }) => platformSettings.update(caller.id, body));
  route(app, endpoints.licenseTypes, () => licenseTypes.listAll());
  route(app, endpoints.createLicenseType, ({ caller, body }) => licenseTypes.create(caller.id, body));
  route(app, endpoints.updateLicenseType, ({ caller, params, body }) =>
    licenseTypes.update(caller.id, params.licenseTypeId, body),
  );
};
