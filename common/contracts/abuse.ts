import { z } from 'zod';
import { LIMITS } from '../constants';

/** The abuse (problem) report of SPEC 2.8 and 5. Messages are i18n keys shown by the form. */
export const abuseReportInput = z.object({
  email: z
    .string({ error: 'abuse.errors.emailRequired' })
    .trim()
    .min(1, { error: 'abuse.errors.emailRequired' })
    .max(LIMITS.emailMax, { error: 'abuse.errors.emailInvalid' })
    .pipe(z.email({ error: 'abuse.errors.emailInvalid' })),
  subject: z
    .string({ error: 'abuse.errors.subjectRequired' })
    .trim()
    .min(1, { error: 'abuse.errors.subjectRequired' })
    .max(LIMITS.abuseSubjectMax, { error: 'abuse.errors.subjectTooLong' }),
  message: z
    .string({ error: 'abuse.errors.messageRequired' })
    .trim()
    .min(1, { error: 'abuse.errors.messageRequired' })
    .max(LIMITS.abuseMessageMax, { error: 'abuse.errors.messageTooLong' }),
  url: z.string().max(LIMITS.urlMax, { error: 'abuse.errors.urlTooLong' }).default(''),
});
export type AbuseReportInput = z.input<typeof abuseReportInput>;

export const abuseReportCreated = z.object({
  id: z.string(),
  created: z.string(),
});
export type AbuseReportCreated = z.infer<typeof abuseReportCreated>;
