import { z } from 'zod';

/** The terms of service file (SPEC 2.6, 7): at most this size, and a PDF by its content. */
export const TERMS_MAX_BYTES = 10 * 1024 * 1024;

/** `GET /api/terms`: where the current file is read (null: none uploaded yet) and when it was uploaded. */
export const termsInfo = z.object({
  url: z.string().nullable(),
  uploadedAt: z.string().nullable(),
  maxBytes: z.number().int(),
});
export type TermsInfo = z.infer<typeof termsInfo>;

/** `GET /api/terms/file?v=…`: the upload's date in the address, so a new upload is a new URL. */
export const termsFileQuery = z.object({ v: z.string().max(30).optional() });

/** The privacy policy's longest text, per language. */
export const PRIVACY_POLICY_MAX = 50_000;

const policyText = z
  .string({ error: 'privacy.errors.required' })
  .trim()
  .min(1, { error: 'privacy.errors.required' })
  .max(PRIVACY_POLICY_MAX, { error: 'privacy.errors.tooLong' });

/** `PUT /api/admin/privacy`: the policy in Markdown, in both languages. */
export const privacyPolicyInput = z.object({ en: policyText, el: policyText });
export type PrivacyPolicyInput = z.input<typeof privacyPolicyInput>;

/** `GET /api/privacy` */
export const privacyPolicy = z.object({ en: z.string(), el: z.string(), updatedAt: z.string().nullable() });
export type PrivacyPolicy = z.infer<typeof privacyPolicy>;
