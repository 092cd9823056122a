import {
  licensePayment,
  paymentProviderParams,
  sandboxOutcomeBody,
  sandboxSessionParams,
  sandboxSignedEvent,
  webhookResponse,
} from '../contracts/license-payments';
import { endpoint } from '../endpoint';

const tag = 'payments';

/**
 * The payment provider's side: its signed webhook, and the sandbox checkout page's API (only while
 * PAYMENT_PROVIDER=sandbox; 404 otherwise), whose session only its buyer gets.
 */
export const paymentsEndpoints = {
  /** The provider's raw, signed body (any content type); no session, no cookies. */
  webhook: endpoint({
    method: 'POST',
    path: '/api/payments/:provider/webhook',
    tag,
    access: 'public',
    summary: "The payment provider's signed events (checkout completed, failed, expired)",
    params: paymentProviderParams,
    answer: webhookResponse,
    refusals: [413],
  }),
  sandboxSession: endpoint({
    method: 'GET',
    path: '/api/payments/sandbox/sessions/:sessionId',
    tag,
    access: 'signedIn',
    summary: "The sandbox checkout session's request: video, license type, amount (its buyer only)",
    params: sandboxSessionParams,
    answer: licensePayment,
  }),
  sandboxEvent: endpoint({
    method: 'POST',
    path: '/api/payments/sandbox/sessions/:sessionId/events',
    tag,
    access: 'signedIn',
    summary: 'Pay or decline in the sandbox checkout: a signed event for the webhook (its buyer only)',
    params: sandboxSessionParams,
    body: sandboxOutcomeBody,
    answer: sandboxSignedEvent,
    refusals: [409],
  }),
};
