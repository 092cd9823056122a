import type { Selectable } from 'kysely';
import type { LicenseTypesTable } from '../db/schema';
import type { Executor } from './executor';

export type LicenseTypeRow = Selectable<LicenseTypesTable>;

/** Licence types (app settings; three seeded by migration 0012). */
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

    /** One active type, or undefined (an unknown or retired type cannot be chosen). */
    findActive(id: string): Promise<LicenseTypeRow | undefined> {
      return db
        .selectFrom('license_types')
        .selectAll()
        .where('id', '=', id)
        .where('active', '=', true)
        .executeTakeFirst();
    },
  };
}
