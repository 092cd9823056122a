import {
  adminLicenseType,
  adminLicenseTypeList,
  appSettings,
  appSettingsInput,
  licenseTypeIdParams,
  licenseTypeInput,
} from '../contracts/admin-settings';
import { endpoint } from '../endpoint';

const tag = 'admin';

/**
 * App settings (SPEC 2.1 /admin/settings): the platform's percentages, withdrawal policy, refund window
 * and currency, and the license types with their prices. Admins only; every change is audited.
 */
export const adminSettingsEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/admin/settings',
    tag,
    access: 'admin',
    summary: 'The platform settings (admins)',
    answer: appSettings,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/admin/settings',
    tag,
    access: 'admin',
    summary: 'Changes the platform settings; license requests made before keep theirs (admins)',
    body: appSettingsInput,
    answer: appSettings,
  }),
  licenseTypes: endpoint({
    method: 'GET',
    path: '/api/admin/license-types',
    tag,
    access: 'admin',
    summary: 'Every license type, retired ones too, in order (admins)',
    answer: adminLicenseTypeList,
  }),
  createLicenseType: endpoint({
    method: 'POST',
    path: '/api/admin/license-types',
    tag,
    access: 'admin',
    summary: 'Adds a license type (admins)',
    body: licenseTypeInput,
    answer: adminLicenseType,
    status: 201,
  }),
  updateLicenseType: endpoint({
    method: 'PUT',
    path: '/api/admin/license-types/:licenseTypeId',
    tag,
    access: 'admin',
    summary: 'Changes a license type; existing requests keep the price and texts they copied (admins)',
    params: licenseTypeIdParams,
    body: licenseTypeInput,
    answer: adminLicenseType,
  }),
};
