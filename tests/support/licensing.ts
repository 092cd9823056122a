import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';
import { createBillingAddress } from './factories';

/** The id of the seeded license type of `scope` (migration 0012): commercial is "price by request". */
export async function licenseTypeId(
  db: Kysely<DB>,
  scope: 'editorial_web' | 'editorial_broadcast' | 'commercial',
) {
  const row = await db
    .selectFrom('license_types')
    .select('id')
    .where('scope', '=', scope)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A valid license request body of `buyerId` (a new billing address of theirs) for a type of `scope`. */
export async function licenseRequestBody(
  db: Kysely<DB>,
  buyerId: string,
  scope: 'editorial_web' | 'editorial_broadcast' | 'commercial' = 'commercial',
) {
  return {
    licenseTypeId: await licenseTypeId(db, scope),
    usage: 'Evening news bulletin and its website, for one year.',
    billingAddressId: await createBillingAddress(db, buyerId),
    termsAccepted: true as const,
  };
}
