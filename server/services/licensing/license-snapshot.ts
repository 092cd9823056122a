import type { Language } from '../../../common/constants';

/** The license type as the buyer saw it when submitting (license_requests.license_type_snapshot). */
export interface LicenseTypeSnapshot {
  name_en?: string;
  name_el?: string;
  description_en?: string;
  description_el?: string;
  scope?: string;
}

/** The billing address as submitted (license_requests.billing_address): a copy, not a link. */
export interface BillingSnapshot {
  name?: string;
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  contactEmail?: string;
  contactPhone?: string;
  vatNumber?: string | null;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export function licenseTypeName(snapshot: unknown, language: Language): string {
  const type = asObject(snapshot) as LicenseTypeSnapshot;
  return (language === 'el' ? type.name_el : type.name_en) ?? type.name_en ?? '';
}

/** The snapshot's fields, as the licensing service copied them (BillingAddressCopy's names). */
export function billingOf(snapshot: unknown): BillingSnapshot {
  const raw = asObject(snapshot);
  const text = (key: string) =>
    typeof raw[key] === 'string' && raw[key] !== '' ? (raw[key] as string) : undefined;
  return {
    name: text('name'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postalCode'),
    country: text('country'),
    contactEmail: text('contactEmail'),
    contactPhone: text('contactPhone'),
    vatNumber: text('vatNumber') ?? null,
  };
}
