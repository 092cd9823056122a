import { privacyPolicy, privacyPolicyInput, termsFileQuery, termsInfo } from '../contracts/site-documents';
import { endpoint } from '../endpoint';

/**
 * The terms of service (SPEC 2.6, 7, 8.4) and the privacy policy: anyone reads them, admins replace the
 * terms PDF and edit the policy.
 */
export const siteDocumentsEndpoints = {
  terms: endpoint({
    method: 'GET',
    path: '/api/terms',
    tag: 'site documents',
    access: 'public',
    summary: 'The current terms of service: where to read them and when they were uploaded',
    answer: termsInfo,
  }),
  /** The PDF itself (no JSON answer: the web frames it by its URL). */
  termsFile: endpoint({
    method: 'GET',
    path: '/api/terms/file',
    tag: 'site documents',
    access: 'public',
    summary: 'The terms of service PDF, shown inline',
    query: termsFileQuery,
    file: { mediaType: 'application/pdf', description: 'The terms of service' },
  }),
  /** The PDF is the raw body: the web sends it with fetch, not through the JSON client. */
  uploadTerms: endpoint({
    method: 'PUT',
    path: '/api/admin/terms',
    tag: 'admin',
    access: 'admin',
    summary: 'Replaces the terms of service: a PDF (by content) of at most 10 MB as the raw body (admins)',
    consumes: ['application/pdf'],
    answer: termsInfo,
    refusals: [413, 415, 503],
  }),
  privacy: endpoint({
    method: 'GET',
    path: '/api/privacy',
    tag: 'site documents',
    access: 'public',
    summary: 'The privacy policy in Markdown, in English and Greek',
    answer: privacyPolicy,
  }),
  savePrivacy: endpoint({
    method: 'PUT',
    path: '/api/admin/privacy',
    tag: 'admin',
    access: 'admin',
    summary: 'Replaces the privacy policy (Markdown, both languages) (admins)',
    body: privacyPolicyInput,
    answer: privacyPolicy,
  }),
};
