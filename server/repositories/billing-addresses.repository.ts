import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BillingAddressValues } from '../../common/contracts/billing';
import type { BillingAddressesTable, DB } from '../db/schema';

/** A stored address, as the database gives it. */
export type BillingAddressRow = Selectable<BillingAddressesTable>;

function columns(values: BillingAddressValues) {
  return {
    name: values.name,
    address: values.address,
    city: values.city,
    state: values.state,
    postal_code: values.postalCode,
    country: values.country,
    contact_email: values.contactEmail,
    contact_phone: values.contactPhone,
    vat_number: values.vatNumber,
  };
}

/**
 * Holds the user's row until the transaction ends, so that changes of one user's default (and the
 * count against the cap) happen one after the other. Without it, two "make default" calls would each
 * clear the old default and then both set their own, and the unique index would fail one with a 500.
 * NO KEY UPDATE does not block sign-ins or inserts that merely reference the user.
 */
async function lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** Moves the user's default to `id` (which must be the user's), inside `trx`. */
async function moveDefault(trx: Transaction<DB>, userId: string, id: string, now: Date): Promise<void> {
  // Cleared first: the partial unique index allows one default per user at every moment.
  await trx
    .updateTable('billing_addresses')
    .set({ is_default: false, updated_at: now })
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .where('id', '!=', id)
    .execute();
  await trx
    .updateTable('billing_addresses')
    .set({ is_default: true, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** A user's billing addresses (SPEC 3). Every method is scoped to the user: another's id finds nothing. */
export function billingAddressesRepository(db: Kysely<DB>) {
  const findOwn = (executor: Kysely<DB>, userId: string, id: string) =>
    executor
      .selectFrom('billing_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();

  return {
    /** The default first, then the newest. */
    list(userId: string): Promise<BillingAddressRow[]> {
      return db
        .selectFrom('billing_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /**
     * Adds an address; the user's first becomes the default, as does one sent with `isDefault`.
     * Returns null, saving nothing, when the user already has `max` addresses.
     */
    create(userId: string, values: BillingAddressValues, max: number, now: Date) {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const { count } = await trx
          .selectFrom('billing_addresses')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return null;
        const row = await trx
          .insertInto('billing_addresses')
          .values({ user_id: userId, ...columns(values), created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (!values.isDefault && Number(count) > 0) return row;
        await moveDefault(trx, userId, row.id, now);
        return { ...row, is_default: true };
      });
    },

    /** Changes the user's address (and makes it the default when asked); undefined when not the user's. */
    update(userId: string, id: string, values: BillingAddressValues, now: Date) {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const row = await trx
          .updateTable('billing_addresses')
          .set({ ...columns(values), updated_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row || !values.isDefault || row.is_default) return row;
        await moveDefault(trx, userId, id, now);
        return { ...row, is_default: true };
      });
    },

    /** Makes the user's address the default; undefined when not the user's. */
    makeDefault(userId: string, id: string, now: Date) {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const row = await findOwn(trx, userId, id);
        if (!row || row.is_default) return row;
        await moveDefault(trx, userId, id, now);
        return { ...row, is_default: true };
      });
    },

    /** Deletes the user's address; when it was the default, the newest remaining one takes over. */
    remove(userId: string, id: string, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const deleted = await trx
          .deleteFrom('billing_addresses')
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .returning('is_default')
          .executeTakeFirst();
        if (!deleted) return false;
        if (!deleted.is_default) return true;
        const newest = await trx
          .selectFrom('billing_addresses')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (newest) await moveDefault(trx, userId, newest.id, now);
        return true;
      });
    },
  };
}
