import type { AppConfig } from '../../config';
import { manualPayouts } from './manual-payouts';
import type { PayoutProvider } from './payout-provider';
import { paypalPayouts } from './paypal-payouts';

/** PayPal's REST API addresses by mode. */
export const PAYPAL_API_BASES = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/** The configured payout driver (PAYOUT_PROVIDER); manual is the default, which needs nothing. */
export function createPayoutProvider(config: Pick<AppConfig, 'payouts'>): PayoutProvider {
  const { payouts } = config;
  if (payouts.provider === 'paypal') {
    if (!payouts.paypalClientId || !payouts.paypalClientSecret) {
      throw new Error('PAYOUT_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
    }
    return paypalPayouts({
      clientId: payouts.paypalClientId,
      clientSecret: payouts.paypalClientSecret,
      apiBase: payouts.paypalApiBase ?? PAYPAL_API_BASES[payouts.paypalMode],
    });
  }
  return manualPayouts();
}
