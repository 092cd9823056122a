import { z } from 'zod';
import { checkoutResponse, licensePayment } from '../contracts/license-payments';
import { licenseBundleParams, licenseRequestParams } from '../contracts/licenses';
import { endpoint } from '../endpoint';

const tag = 'licenses';

/**
 * Paying for a license and what the buyer receives after (SPEC 2.1 `/me/licenses/{id}/pay`, 4.2): the
 * payment summary and checkout (the buyer only), the original's download and the certificate (the buyer
 * of a completed license and staff). Anyone else finds nothing, a visitor included (404, not 401).
 */
export const licensePaymentsEndpoints = {
  payment: endpoint({
    method: 'GET',
    path: '/api/license-requests/:id/payment',
    tag,
    access: 'signedIn',
    summary: 'What the buyer pays for: video, license type, price and the payment provider',
    params: licenseRequestParams,
    answer: licensePayment,
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/api/license-requests/:id/checkout',
    tag,
    access: 'signedIn',
    summary: 'Go to checkout (buyer, awaiting or processing payment): the provider page to pay on',
    params: licenseRequestParams,
    answer: checkoutResponse,
    refusals: [409, 502],
  }),
  bundleCheckout: endpoint({
    method: 'POST',
    path: '/api/license-bundles/:id/checkout',
    tag,
    access: 'signedIn',
    summary:
      'Go to one checkout for every clip of a request for several (buyer, each clip priced): the provider page',
    params: licenseBundleParams,
    answer: checkoutResponse,
    refusals: [409, 502],
  }),
  /** A redirect (302) to a signed, expiring URL of the original: not called as JSON. */
  download: endpoint({
    method: 'GET',
    path: '/api/license-requests/:id/download',
    tag,
    access: 'public',
    summary: 'The original file (buyer of a completed license, staff): a redirect to a signed, expiring URL',
    params: licenseRequestParams,
    responses: { 302: z.null().describe('Location: the signed URL of the original') },
  }),
  /** The PDF itself: a link, not a JSON call. */
  certificate: endpoint({
    method: 'GET',
    path: '/api/license-requests/:id/certificate',
    tag,
    access: 'public',
    summary: 'The license certificate PDF (buyer of a completed license, staff)',
    params: licenseRequestParams,
    file: { mediaType: 'application/pdf', description: 'The PDF' },
  }),
};
