import type { AppConfig } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { type SandboxPayments, sandboxPayments } from './sandbox-payments';
import { stripePayments } from './stripe-payments';

/** The configured driver (PAYMENT_PROVIDER); the sandbox is the default, so a fresh install can sell. */
export async function createPaymentProvider(
  config: Pick<AppConfig, 'payments' | 'publicUrl'>,
  options: { secret: string; now?: () => Date },
): Promise<PaymentProvider | SandboxPayments> {
  const { payments } = config;
  if (payments.provider === 'stripe') {
    // loadConfig already requires both; this keeps a hand-built config from failing at the first sale.
    if (!payments.stripeSecretKey || !payments.stripeWebhookSecret) {
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return stripePayments({
      secretKey: payments.stripeSecretKey,
      webhookSecret: payments.stripeWebhookSecret,
      apiBase: payments.stripeApiBase,
    });
  }
  return sandboxPayments({ secret: options.secret, publicUrl: config.publicUrl, now: options.now });
}
