import { z } from 'zod';
import { parseAmountToCents } from '../money';
import { amountField } from './amount-field';
import { LICENSE_SCOPES, licenseType } from './licenses';

/** The currencies the platform may be set to (ISO 4217); amounts are integer cents in every one of them. */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'] as const;
/** A currency the platform works in: every money input accepts only these (a typo would open a balance). */
export const currencyCode = z.enum(CURRENCIES, { error: 'adminSettings.errors.currencyInvalid' });
export type Currency = (typeof CURRENCIES)[number];

/** The largest amount an admin may set (a license price, the withdrawal minimum): 1,000,000.00. */
export const MAX_SETTING_CENTS = 100_000_000;

/** A positive amount entered as a decimal; the value the server receives is cents. */
const moneyInput = (required: string) =>
  amountField({ required, invalid: 'adminSettings.errors.amountInvalid' }, MAX_SETTING_CENTS);

const percent = z
  .number({ error: 'adminSettings.errors.percentInvalid' })
  .int({ error: 'adminSettings.errors.percentInvalid' })
  .min(0, { error: 'adminSettings.errors.percentInvalid' })
  .max(100, { error: 'adminSettings.errors.percentInvalid' });

const days = z
  .number({ error: 'adminSettings.errors.daysInvalid' })
  .int({ error: 'adminSettings.errors.daysInvalid' })
  .min(0, { error: 'adminSettings.errors.daysInvalid' })
  .max(365, { error: 'adminSettings.errors.daysInvalid' });

/** `PUT /api/admin/settings`: the whole set; a change applies to license requests made after it. */
export const appSettingsInput = z
  .object({
    creatorSharePercent: percent,
    referralBonusPercent: percent,
    withdrawalMinimum: moneyInput('adminSettings.errors.amountRequired'),
    withdrawalDelayDays: days,
    refundWindowDays: days,
    currency: currencyCode,
  })
  .superRefine((settings, ctx) => {
    // A referred first sale pays both out of its price: more than 100 % pays out more than was paid.
    if (settings.creatorSharePercent + settings.referralBonusPercent > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['referralBonusPercent'],
        message: 'adminSettings.errors.sharesAbovePrice',
      });
    }
    // A sale's money becomes withdrawable only once it can no longer be refunded (docs/money.md).
    if (settings.withdrawalDelayDays < settings.refundWindowDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['withdrawalDelayDays'],
        message: 'adminSettings.errors.delayShorterThanRefundWindow',
      });
    }
  });
export type AppSettingsInput = z.input<typeof appSettingsInput>;
export type AppSettingsValues = z.output<typeof appSettingsInput>;

/** `GET /api/admin/settings` */
export const appSettings = z.object({
  creatorSharePercent: z.number().int(),
  referralBonusPercent: z.number().int(),
  withdrawalMinimumCents: z.number().int(),
  withdrawalDelayDays: z.number().int(),
  refundWindowDays: z.number().int(),
  currency: z.string(),
});
export type AppSettings = z.infer<typeof appSettings>;

const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine((value) => !/[<>]/.test(value), { error: 'adminSettings.errors.noAngleBrackets' });

/**
 * `POST /api/admin/license-types`, `PUT /api/admin/license-types/{licenseTypeId}`. `price` is the decimal
 * an admin typed; with `byRequest` there is none (a license manager quotes each request).
 */
export const licenseTypeInput = z
  .object({
    nameEn: text(100, 'adminSettings.errors.nameRequired', 'adminSettings.errors.nameTooLong'),
    nameEl: text(100, 'adminSettings.errors.nameRequired', 'adminSettings.errors.nameTooLong'),
    descriptionEn: text(
      1000,
      'adminSettings.errors.descriptionRequired',
      'adminSettings.errors.descriptionTooLong',
    ),
    descriptionEl: text(
      1000,
      'adminSettings.errors.descriptionRequired',
      'adminSettings.errors.descriptionTooLong',
    ),
    scope: z.enum(LICENSE_SCOPES, { error: 'adminSettings.errors.scopeRequired' }),
    byRequest: z.boolean(),
    price: z.string().max(20).optional(),
    active: z.boolean(),
    position: z
      .number({ error: 'adminSettings.errors.positionInvalid' })
      .int({ error: 'adminSettings.errors.positionInvalid' })
      .min(0, { error: 'adminSettings.errors.positionInvalid' })
      .max(1000, { error: 'adminSettings.errors.positionInvalid' }),
  })
  .transform((value, ctx) => {
    const { price, byRequest, ...rest } = value;
    if (byRequest) return { ...rest, priceCents: null };
    const cents = price ? parseAmountToCents(price) : null;
    if (cents === null || cents > MAX_SETTING_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: price?.trim() ? 'adminSettings.errors.amountInvalid' : 'adminSettings.errors.amountRequired',
      });
      return z.NEVER;
    }
    return { ...rest, priceCents: cents };
  });
export type LicenseTypeInput = z.input<typeof licenseTypeInput>;
export type LicenseTypeValues = z.output<typeof licenseTypeInput>;

export const licenseTypeIdParams = z.object({ licenseTypeId: z.string().min(1).max(64) });

/** A license type as the admin sees it: retired ones too, with their place in the list. */
export const adminLicenseType = licenseType.extend({
  active: z.boolean(),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type AdminLicenseType = z.infer<typeof adminLicenseType>;
export const adminLicenseTypeList = z.object({ currency: z.string(), types: z.array(adminLicenseType) });
export type AdminLicenseTypeList = z.infer<typeof adminLicenseTypeList>;
