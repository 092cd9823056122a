import type { Insertable, Selectable } from 'kysely';
import type { LicenseTypesTable } from '../db/schema';
import type { Executor } from './executor';

export type LicenseTypeRow = Selectable<LicenseTypesTable>;

/** What an admin sets on a license type (the name and description in both languages, price, order). */
export type LicenseTypeFields = Pick<
  Insertable<LicenseTypesTable>,
  | 'name_en'
  | 'name_el'
  | 'description_en'
  | 'description_el'
  | 'scope'
  | 'price_cents'
  | 'active'
  | 'position'
>;

/** License types (app settings; three seeded by migration 0012). */
export function licenseTypesRepository(db: Executor) {
  return {
    /** The types a buyer may choose, in their order. */
    listActive(): Promise<LicenseTypeRow[]> {
      return db
        .selectFrom('license_types')
        .selectAll()
        .where('active', '=', true)
        .orderBy('position')
        .orderBy('created_at')
        .execute();
    },

    /** Every type, retired ones too, in their order (the admin screen). */
    listAll(): Promise<LicenseTypeRow[]> {
      return db.selectFrom('license_types').selectAll().orderBy('position').orderBy('created_at').execute();
    },

    /** One active type, or undefined (an unknown or retired type cannot be chosen). */
    findActive(id: string): Promise<LicenseTypeRow | undefined> {
      return db
        .selectFrom('license_types')
        .selectAll()
        .where('id', '=', id)
        .where('active', '=', true)
        .executeTakeFirst();
    },

    /** One type, active or not, locked for the rest of the transaction (an admin's edit). */
    findForUpdate(id: string): Promise<LicenseTypeRow | undefined> {
      return db.selectFrom('license_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    create(fields: LicenseTypeFields): Promise<LicenseTypeRow> {
      return db.insertInto('license_types').values(fields).returningAll().executeTakeFirstOrThrow();
    },

    update(id: string, fields: LicenseTypeFields): Promise<LicenseTypeRow> {
      return db
        .updateTable('license_types')
        .set({ ...fields, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
