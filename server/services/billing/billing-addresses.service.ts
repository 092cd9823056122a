import {
  BILLING_ADDRESSES_MAX,
  type BillingAddress,
  type BillingAddressList,
  type BillingAddressValues,
} from '../../../common/contracts/billing';
import { AppError, notFound } from '../../errors';
import {
  type BillingAddressRow,
  billingAddressesRepository,
} from '../../repositories/billing-addresses.repository';
import type { Executor } from '../../repositories/executor';

/**
 * The cap is a conflict with what the user already has, not a bad field nor a missing right, so it is
 * a 409 with the existing OPERATION_NOT_ALLOWED and the cap as a parameter; the web says it in its own
 * words (billing.errors.limitReached) and hides "Add address" at the cap anyway.
 */
const tooManyAddresses = () => new AppError('OPERATION_NOT_ALLOWED', 409, { max: BILLING_ADDRESSES_MAX });

/** An address as the API shows it; an address that is not the caller's is not found. */
function present(row: BillingAddressRow | null | undefined): BillingAddress {
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    vatNumber: row.vat_number,
    isDefault: row.is_default,
  };
}

/**
 * A user's billing addresses (SPEC 3): at most BILLING_ADDRESSES_MAX, exactly one default once there is
 * one. Every call is scoped to the owner, so another user's address id is simply not found.
 */
export function billingAddressesService(deps: { db: Executor; now: () => Date }) {
  const addresses = billingAddressesRepository(deps.db);
  return {
    async list(userId: string): Promise<BillingAddressList> {
      return { addresses: (await addresses.list(userId)).map(present) };
    },

    /** The first address becomes the default. */
    async create(userId: string, input: BillingAddressValues): Promise<BillingAddress> {
      const row = await addresses.create(userId, input, BILLING_ADDRESSES_MAX, deps.now());
      if (!row) throw tooManyAddresses();
      return present(row);
    },

    async update(userId: string, id: string, input: BillingAddressValues): Promise<BillingAddress> {
      return present(await addresses.update(userId, id, input, deps.now()));
    },

    /** When it was the default, the newest remaining one becomes it. */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await addresses.remove(userId, id, deps.now()))) throw notFound();
    },

    async makeDefault(userId: string, id: string): Promise<BillingAddress> {
      return present(await addresses.makeDefault(userId, id, deps.now()));
    },
  };
}
