import { z } from 'zod';
import { LIMITS } from '../constants';
import { findCountry } from '../countries';
import { splitPhone } from '../phone';

/**
 * Billing addresses (SPEC 3): a signed-in user's own, used later for license requests. One of them is
 * the default while there are any. Messages are i18n keys; the form validates with the same schema.
 */

/** How many addresses one user may keep: plenty for a person or a company, and a bound on abuse. */
export const BILLING_ADDRESSES_MAX = 20;

/** Lengths that fit any real address and keep a row small. */
const MAX = { name: 100, address: 200, city: 100, state: 100, postalCode: 20, phone: 16, vat: 30 };

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: 'billing.errors.tooLong' });

/** Letters and digits, with the spaces and dashes many countries write ('SW1A 1AA', '00-950'). */
const POSTAL_CODE = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;

/**
 * A VAT number, kept simple rather than checked country by country: an optional two-letter prefix
 * (EL, DE, CY...), then 2 to 15 letters or digits with at least one digit. Spaces, dots and dashes are
 * dropped and letters upper-cased, so '  el 123.456.789 ' is stored as 'EL123456789'.
 */
const VAT_NUMBER = /^(?:[A-Z]{2})?(?=[A-Z\d]*\d)[A-Z\d]{2,15}$/;

/** The VAT number as stored: upper case without separators; empty means none. */
export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

const vatNumber = z
  .string()
  .max(MAX.vat, { error: 'billing.errors.vatInvalid' })
  .transform(normalizeVatNumber)
  .refine((value) => value === '' || VAT_NUMBER.test(value), { error: 'billing.errors.vatInvalid' })
  .transform((value) => (value === '' ? null : value));

/** An E.164 number that libphonenumber knows as valid (the form builds it with PhoneNumberInput). */
const contactPhone = z
  .string({ error: 'billing.errors.phoneInvalid' })
  .trim()
  .max(MAX.phone, { error: 'billing.errors.phoneInvalid' })
  .refine((value) => /^\+[1-9]\d{4,14}$/.test(value) && splitPhone(value) !== null, {
    error: 'billing.errors.phoneInvalid',
  });

/** A new or edited address. `isDefault: true` makes it the default; false or absent leaves the default be. */
export const billingAddressInput = z.object({
  name: z
    .string({ error: 'billing.errors.nameTooShort' })
    .trim()
    .min(LIMITS.fullNameMin, { error: 'billing.errors.nameTooShort' })
    .max(MAX.name, { error: 'billing.errors.tooLong' }),
  address: text(MAX.address, 'billing.errors.addressRequired'),
  city: text(MAX.city, 'billing.errors.cityRequired'),
  state: z.string().trim().max(MAX.state, { error: 'billing.errors.tooLong' }).default(''),
  postalCode: text(MAX.postalCode, 'billing.errors.postalCodeRequired').regex(POSTAL_CODE, {
    error: 'billing.errors.postalCodeInvalid',
  }),
  country: z
    .string({ error: 'billing.errors.countryRequired' })
    .refine((code) => /^[A-Z]{2}$/.test(code) && findCountry(code) !== undefined, {
      error: 'billing.errors.countryRequired',
    }),
  contactEmail: z
    .string({ error: 'billing.errors.emailInvalid' })
    .trim()
    .min(1, { error: 'billing.errors.emailInvalid' })
    .max(LIMITS.emailMax, { error: 'billing.errors.emailInvalid' })
    .pipe(z.email({ error: 'billing.errors.emailInvalid' })),
  contactPhone,
  vatNumber: vatNumber.nullish().transform((value) => value ?? null),
  isDefault: z.boolean().optional(),
});
/** What a client sends (before trimming and normalising). */
export type BillingAddressInput = z.input<typeof billingAddressInput>;
/** What the server stores, after the schema has trimmed and normalised it. */
export type BillingAddressValues = z.output<typeof billingAddressInput>;

/** One of the caller's addresses. */
export const billingAddress = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  vatNumber: z.string().nullable(),
  isDefault: z.boolean(),
});
export type BillingAddress = z.infer<typeof billingAddress>;

/** The caller's addresses, the default first, then the newest. */
export const billingAddressList = z.object({ addresses: z.array(billingAddress) });
export type BillingAddressList = z.infer<typeof billingAddressList>;
