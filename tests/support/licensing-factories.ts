import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';

/**
 * License requests as the licensing flow leaves them (type and billing address copied in, the settings'
 * percentages fixed at submission), made straight in the database for the payment tests.
 */
export interface LicenseRequestOptions {
  videoId: string;
  buyerId: string;
  status?: 'open' | 'awaiting_payment' | 'processing_payment' | 'completed' | 'cancelled';
  /** Cents; defaults to the license type's fixed price (49.00 for the seeded web editorial type). */
  priceCents?: number | null;
  currency?: string;
  creatorSharePercent?: number;
  referralBonusPercent?: number;
  refundWindowDays?: number;
  usage?: string;
  billing?: Record<string, unknown>;
  paymentProvider?: string;
  checkoutSessionId?: string;
  completedAt?: Date;
}

/** The billing address as submitted: the copy the licensing service makes (the contract's names). */
export const BILLING_SNAPSHOT = {
  name: 'Limassol News Ltd',
  address: '12 Anexartisias Street',
  city: 'Limassol',
  state: '',
  postalCode: '3036',
  country: 'CY',
  contactEmail: 'billing@example.com',
  contactPhone: '+35799123456',
  vatNumber: 'CY10000000X',
};

export async function createLicenseRequest(db: Kysely<DB>, options: LicenseRequestOptions): Promise<string> {
  const type = await db
    .selectFrom('license_types')
    .selectAll()
    .where('scope', '=', 'editorial_web')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('license_requests')
    .values({
      video_id: options.videoId,
      buyer_id: options.buyerId,
      license_type_id: type.id,
      license_type_snapshot: JSON.stringify({
        name_en: type.name_en,
        name_el: type.name_el,
        description_en: type.description_en,
        description_el: type.description_el,
        scope: type.scope,
      }),
      usage: options.usage ?? 'Evening news bulletin and its website, Cyprus, one year.',
      billing_address: JSON.stringify(options.billing ?? BILLING_SNAPSHOT),
      status: options.status ?? 'awaiting_payment',
      price_cents: options.priceCents === undefined ? type.price_cents : options.priceCents,
      currency: options.currency ?? 'EUR',
      creator_share_percent: options.creatorSharePercent ?? 50,
      referral_bonus_percent: options.referralBonusPercent ?? 10,
      refund_window_days: options.refundWindowDays ?? 14,
      payment_provider: options.paymentProvider ?? null,
      checkout_session_id: options.checkoutSessionId ?? null,
      completed_at: options.completedAt ?? (options.status === 'completed' ? new Date() : null),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
