import type {
  AdminLicenseType,
  AdminLicenseTypeList,
  LicenseTypeValues,
} from '../../../common/contracts/admin-settings';
import type { LicenseTypeList } from '../../../common/contracts/licenses';
import { notFound } from '../../errors';
import { appSettingsRepository } from '../../repositories/app-settings.repository';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import {
  type LicenseTypeFields,
  type LicenseTypeRow,
  licenseTypesRepository,
} from '../../repositories/license-types.repository';
import { presentLicenseType } from './license-presenter';

const fieldsOf = (values: LicenseTypeValues): LicenseTypeFields => ({
  name_en: values.nameEn,
  name_el: values.nameEl,
  description_en: values.descriptionEn,
  description_el: values.descriptionEl,
  scope: values.scope,
  price_cents: values.priceCents,
  active: values.active,
  position: values.position,
});

/** What the audit log keeps of a type: the fields an admin sets. */
const audited = (row: LicenseTypeRow) => ({
  nameEn: row.name_en,
  nameEl: row.name_el,
  descriptionEn: row.description_en,
  descriptionEl: row.description_el,
  scope: row.scope,
  priceCents: row.price_cents,
  active: row.active,
  position: row.position,
});

/** A type as the admin sees it: retired ones too, with its place in the list. */
const presentAdminLicenseType = (row: LicenseTypeRow): AdminLicenseType => ({
  ...presentLicenseType(row),
  active: row.active,
  position: row.position,
  updatedAt: row.updated_at.toISOString(),
});

/**
 * License types: the ones a buyer chooses from, and the admin's list and edits. A request copies its
 * type's texts and price when it is made (`license_type_snapshot`, `price_cents`), so an edit here never
 * changes a request that exists.
 */
export function licenseTypesService(deps: { db: Executor }) {
  return {
    /** The types a buyer may choose, in order, with the currency of their prices. */
    async listActive(): Promise<LicenseTypeList> {
      const [types, settings] = await Promise.all([
        licenseTypesRepository(deps.db).listActive(),
        appSettingsRepository(deps.db).licensing(),
      ]);
      return { currency: settings.currency, types: types.map(presentLicenseType) };
    },

    /** Every type, retired ones too (the admin screen). */
    async listAll(): Promise<AdminLicenseTypeList> {
      const types = await licenseTypesRepository(deps.db).listAll();
      const { currency } = await appSettingsRepository(deps.db).licensing();
      return { currency, types: types.map(presentAdminLicenseType) };
    },

    async create(actorId: string, values: LicenseTypeValues): Promise<AdminLicenseType> {
      const created = await inTransaction(deps.db, async (trx) => {
        const row = await licenseTypesRepository(trx).create(fieldsOf(values));
        await auditLogRepository(trx).record({
          actorId,
          action: 'license_type.create',
          subjectType: 'license_type',
          subjectId: row.id,
          before: null,
          after: audited(row),
        });
        return row;
      });
      return presentAdminLicenseType(created);
    },

    async update(actorId: string, id: string, values: LicenseTypeValues): Promise<AdminLicenseType> {
      const updated = await inTransaction(deps.db, async (trx) => {
        const types = licenseTypesRepository(trx);
        const before = await types.findForUpdate(id);
        if (!before) throw notFound();
        const row = await types.update(id, fieldsOf(values));
        await auditLogRepository(trx).record({
          actorId,
          action: 'license_type.update',
          subjectType: 'license_type',
          subjectId: id,
          before: audited(before),
          after: audited(row),
        });
        return row;
      });
      return presentAdminLicenseType(updated);
    },
  };
}
