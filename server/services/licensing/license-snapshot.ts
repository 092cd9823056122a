import type { Language } from '../../../common/constants';
import type { LicenseTypeTexts } from '../../../common/contracts/licenses';

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

/** The copy of a type a request keeps: what the buyer agreed to, whatever the type becomes later. */
export function snapshotOfType(type: {
  name_en: string;
  name_el: string;
  description_en: string;
  description_el: string;
  scope: string;
}): string {
  const { name_en, name_el, description_en, description_el, scope } = type;
  return JSON.stringify({ name_en, name_el, description_en, description_el, scope });
}

/** The copy of a billing address a request keeps (BillingAddressCopy's names). */
export function snapshotOfBilling(address: {
  name: string;
  address: string;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
  contact_email: string;
  contact_phone: string;
  vat_number: string | null;
}): string {
  return JSON.stringify({
    name: address.name,
    address: address.address,
    city: address.city,
    state: address.state,
    postalCode: address.postal_code,
    country: address.country,
    contactEmail: address.contact_email,
    contactPhone: address.contact_phone,
    vatNumber: address.vat_number,
  });
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** The type's texts as the buyer saw them when submitting. */
export function licenseTypeTexts(snapshot: unknown): LicenseTypeTexts {
  const type = asObject(snapshot) as LicenseTypeSnapshot;
  return {
    nameEn: type.name_en ?? '',
    nameEl: type.name_el ?? '',
    descriptionEn: type.description_en ?? '',
    descriptionEl: type.description_el ?? '',
    scope: (type.scope ?? 'commercial') as LicenseTypeTexts['scope'],
  };
}

export function licenseTypeName(snapshot: unknown, language: Language): string {
  const type = asObject(snapshot) as LicenseTypeSnapshot;
  return (language === 'el' ? type.name_el : type.name_en) ?? type.name_en ?? '';
}

/** The kind of use the buyer's license type was for (`editorial_web`, ...), as submitted. */
export function licenseScopeOf(snapshot: unknown): string | null {
  const scope = (asObject(snapshot) as LicenseTypeSnapshot).scope;
  return typeof scope === 'string' && scope !== '' ? scope : null;
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
