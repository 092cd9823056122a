import type { Executor } from './executor';

/** The settings licensing reads, with the defaults migration 0012 seeds should a row be missing. */
export interface LicensingSettings {
  currency: string;
  creatorSharePercent: number;
  referralBonusPercent: number;
  refundWindowDays: number;
}

/** Every setting the admin edits on the settings screen (`app_settings` keys in snake_case). */
export interface PlatformSettings extends LicensingSettings {
  withdrawalMinimumCents: number;
  withdrawalDelayDays: number;
  refundWindowDays: number;
}

const DEFAULTS: PlatformSettings = {
  currency: 'EUR',
  creatorSharePercent: 50,
  referralBonusPercent: 10,
  withdrawalMinimumCents: 5000,
  withdrawalDelayDays: 30,
  refundWindowDays: 14,
};

/** The `app_settings` key of each platform setting. */
const KEYS: Record<keyof PlatformSettings, string> = {
  currency: 'currency',
  creatorSharePercent: 'creator_share_percent',
  referralBonusPercent: 'referral_bonus_percent',
  withdrawalMinimumCents: 'withdrawal_minimum_cents',
  withdrawalDelayDays: 'withdrawal_delay_days',
  refundWindowDays: 'refund_window_days',
};

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

    /** The currency, percentages and refund window a new license request copies. */
    async licensing(): Promise<LicensingSettings> {
      const { currency, creatorSharePercent, referralBonusPercent, refundWindowDays } = await this.platform();
      return { currency, creatorSharePercent, referralBonusPercent, refundWindowDays };
    },

    /** The settings of the admin screen, each falling back to its default when missing or malformed. */
    async platform(): Promise<PlatformSettings> {
      const values = await this.all();
      const number = (key: keyof PlatformSettings) => {
        const value = values[KEYS[key]];
        return typeof value === 'number' && Number.isInteger(value) ? value : (DEFAULTS[key] as number);
      };
      return {
        currency: typeof values.currency === 'string' ? values.currency : DEFAULTS.currency,
        creatorSharePercent: number('creatorSharePercent'),
        referralBonusPercent: number('referralBonusPercent'),
        withdrawalMinimumCents: number('withdrawalMinimumCents'),
        withdrawalDelayDays: number('withdrawalDelayDays'),
        refundWindowDays: number('refundWindowDays'),
      };
    },

    /** Writes the platform settings, one row per key (call inside the transaction of its audit row). */
    async savePlatform(settings: PlatformSettings, actorId: string): Promise<void> {
      for (const [field, key] of Object.entries(KEYS) as [keyof PlatformSettings, string][]) {
        await this.set(key, settings[field], actorId);
      }
    },

    /** One setting's value (JSON), or undefined when there is none. */
    async get(key: string): Promise<{ value: unknown; updatedAt: Date } | undefined> {
      const row = await db
        .selectFrom('app_settings')
        .select(['value', 'updated_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row && { value: row.value, updatedAt: row.updated_at };
    },

    /** Writes one setting, creating its row when missing. */
    async set(key: string, value: unknown, actorId: string | null): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('app_settings')
        .values({ key, value: json, updated_by: actorId })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: json, updated_by: actorId, updated_at: new Date() }),
        )
        .execute();
    },
  };
}
