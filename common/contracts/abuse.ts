import { z } from 'zod';
import { LIMITS } from '../constants';
import { cursorPage } from './cursor-page';

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

/** The admin queue's filter: reports still to look at, or the ones handled. */
export const ABUSE_QUEUE_STATES = ['new', 'handled'] as const;
export type AbuseQueueState = (typeof ABUSE_QUEUE_STATES)[number];

/** `GET /api/admin/abuse-reports` */
export const abuseQueueQuery = z.object({
  state: z.enum(ABUSE_QUEUE_STATES).default('new'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type AbuseQueueQuery = z.input<typeof abuseQueueQuery>;

const personRef = z.object({ id: z.string(), name: z.string() });

/** One report in the queue; `reporter` is the signed-in sender, null for a visitor (then only `email`). */
export const abuseQueueItem = z.object({
  id: z.string(),
  url: z.string(),
  email: z.string(),
  reporter: personRef.nullable(),
  subject: z.string(),
  message: z.string(),
  created: z.string(),
  handledAt: z.string().nullable(),
  handledBy: personRef.nullable(),
  handledNote: z.string().nullable(),
});
export type AbuseQueueItem = z.infer<typeof abuseQueueItem>;
export const abuseQueuePage = cursorPage(abuseQueueItem);
export type AbuseQueuePage = z.infer<typeof abuseQueuePage>;

export const abuseReportParams = z.object({ reportId: z.string().min(1).max(64) });

/** `POST /api/admin/abuse-reports/{reportId}/handle`: what was done about it (may be empty). */
export const abuseHandleInput = z.object({
  note: z.string().trim().max(2000, { error: 'abuseQueue.errors.noteTooLong' }).default(''),
});
export type AbuseHandleInput = z.input<typeof abuseHandleInput>;
