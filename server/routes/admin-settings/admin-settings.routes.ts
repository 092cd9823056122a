import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminLicenseType,
  adminLicenseType,
  adminLicenseTypeList,
  appSettings,
  appSettingsInput,
  licenseTypeIdParams,
  licenseTypeInput,
} from '../../../common/contracts/admin-settings';
import { assertAdmin } from '../../policies/staff.policy';
import type { LicenseTypeRow } from '../../repositories/license-types.repository';
import { presentLicenseType } from '../../services/licensing/license-presenter';
import { errorResponses } from '../responses';

const adminType = (row: LicenseTypeRow): AdminLicenseType => ({
  ...presentLicenseType(row),
  active: row.active,
  position: row.position,
  updatedAt: row.updated_at.toISOString(),
});

/**
 * App settings (SPEC 2.1 /admin/settings): the platform's percentages, withdrawal policy, refund window
 * and currency, and the license types with their prices. Admins only; every change is audited.
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platformSettings, licenseTypes } = app.services;

  app.get(
    '/api/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'The platform settings (admins)',
        response: { 200: appSettings, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      reply.header('cache-control', 'no-store');
      return platformSettings.get();
    },
  );

  app.put(
    '/api/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Changes the platform settings; license requests made before keep theirs (admins)',
        body: appSettingsInput,
        response: { 200: appSettings, ...errorResponses },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      return platformSettings.update(request.user.id, request.body);
    },
  );

  app.get(
    '/api/admin/license-types',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every license type, retired ones too, in order (admins)',
        response: { 200: adminLicenseTypeList, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      reply.header('cache-control', 'no-store');
      const { types, currency } = await licenseTypes.listAll();
      return { currency, types: types.map(adminType) };
    },
  );

  app.post(
    '/api/admin/license-types',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adds a license type (admins)',
        body: licenseTypeInput,
        response: { 201: adminLicenseType, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const row = await licenseTypes.create(request.user.id, request.body);
      return reply.status(201).send(adminType(row));
    },
  );

  app.put(
    '/api/admin/license-types/:licenseTypeId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Changes a license type; existing requests keep the price and texts they copied (admins)',
        params: licenseTypeIdParams,
        body: licenseTypeInput,
        response: { 200: adminLicenseType, ...errorResponses },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      return adminType(
        await licenseTypes.update(request.user.id, request.params.licenseTypeId, request.body),
      );
    },
  );
};
