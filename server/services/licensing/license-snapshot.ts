import type { Language } from '../../../common/constants';

/** The licence type as the buyer saw it when submitting (license_requests.license_type_snapshot). */
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
  company?: string | null;
  address?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
  contact_email?: string;
  contact_phone?: string;
  vat_number?: string | null;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export function licenseTypeName(snapshot: unknown, language: Language): string {
  const type = asObject(snapshot) as LicenseTypeSnapshot;
  return (language === 'el' ? type.name_el : type.name_en) ?? type.name_en ?? '';
}

/**
 * The snapshot's fields, whether it was copied from the row (snake_case) or from the contract (camelCase):
 * the request's creation decides the shape, and this reads either.
 */
export function billingOf(snapshot: unknown): BillingSnapshot {
  const raw = asObject(snapshot);
  const text = (...keys: string[]) => {
    for (const key of keys) if (typeof raw[key] === 'string' && raw[key] !== '') return raw[key] as string;
    return undefined;
  };
  return {
    name: text('name'),
    company: text('company', 'company_name', 'companyName') ?? null,
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postal_code: text('postal_code', 'postalCode'),
    country: text('country'),
    contact_email: text('contact_email', 'contactEmail'),
    contact_phone: text('contact_phone', 'contactPhone'),
    vat_number: text('vat_number', 'vatNumber') ?? null,
  };
}

/** How a creator is told who bought: the company, or the name on the billing address, and nothing more. */
export function buyerShownToCreator(snapshot: unknown): string {
  const billing = billingOf(snapshot);
  return (billing.company || billing.name || '').trim();
}
