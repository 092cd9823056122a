import { BILLING_ADDRESSES_MAX, type BillingAddressValues } from '../../../common/contracts/billing';
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

function found<T>(row: T | null | undefined): T {
  if (!row) throw notFound();
  return row;
}

/**
 * A user's billing addresses (SPEC 3): at most BILLING_ADDRESSES_MAX, exactly one default once there is
 * one. Every call is scoped to the owner, so another user's address id is simply not found.
 */
export function billingAddressesService(deps: { db: Executor; now: () => Date }) {
  const addresses = billingAddressesRepository(deps.db);
  return {
    list: (userId: string): Promise<BillingAddressRow[]> => addresses.list(userId),

    /** The first address becomes the default. */
    async create(userId: string, input: BillingAddressValues): Promise<BillingAddressRow> {
      const row = await addresses.create(userId, input, BILLING_ADDRESSES_MAX, deps.now());
      if (!row) throw tooManyAddresses();
      return row;
    },

    async update(userId: string, id: string, input: BillingAddressValues): Promise<BillingAddressRow> {
      return found(await addresses.update(userId, id, input, deps.now()));
    },

    /** When it was the default, the newest remaining one becomes it. */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await addresses.remove(userId, id, deps.now()))) throw notFound();
    },

    async makeDefault(userId: string, id: string): Promise<BillingAddressRow> {
      return found(await addresses.makeDefault(userId, id, deps.now()));
    },
  };
}
