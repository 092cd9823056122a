import type { Executor } from './executor';

/** The settings licensing reads, with the defaults migration 0012 seeds should a row be missing. */
export interface LicensingSettings {
  currency: string;
  creatorSharePercent: number;
  referralBonusPercent: number;
}

const DEFAULTS: LicensingSettings = { currency: 'EUR', creatorSharePercent: 50, referralBonusPercent: 10 };

/** App settings (one JSON value per key). Written by the admin settings screen; read here. */
export function appSettingsRepository(db: Executor) {
  return {
    /** Every setting as stored, by key. */
    async all(): Promise<Record<string, unknown>> {
      const rows = await db.selectFrom('app_settings').select(['key', 'value']).execute();
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },

    /** The withdrawal policy (DESIGN "Withdrawals"): the least amount one may withdraw, and the delay. */
    async withdrawalPolicy(): Promise<{ minimumCents: number; delayDays: number }> {
      const values = await this.all();
      const whole = (key: string, fallback: number) => {
        const value = Number(values[key]);
        return values[key] !== undefined && Number.isInteger(value) && value >= 0 ? value : fallback;
      };
      return {
        minimumCents: whole('withdrawal_minimum_cents', 5000),
        delayDays: whole('withdrawal_delay_days', 30),
      };
    },

    /** The currency and percentages a new licence request copies. */
    async licensing(): Promise<LicensingSettings> {
      const values = await this.all();
      const number = (key: string, fallback: number) =>
        typeof values[key] === 'number' ? (values[key] as number) : fallback;
      return {
        currency: typeof values.currency === 'string' ? values.currency : DEFAULTS.currency,
        creatorSharePercent: number('creator_share_percent', DEFAULTS.creatorSharePercent),
        referralBonusPercent: number('referral_bonus_percent', DEFAULTS.referralBonusPercent),
      };
    },
  };
}
