import { z } from 'zod';
import { isCalendarDate } from '../calendar-date';

/**
 * When a video was shot (SPEC 3 "date, time"): one set of rules for the upload and edit forms. Empty
 * means unknown and becomes null. Each form names its own message keys.
 */

/**
 * The latest shooting date accepted: today where the day starts first (UTC+14), so someone whose
 * calendar is ahead of the server's is never told that today is in the future.
 */
export function latestShootingDate(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The i18n keys one form shows for the shooting date and time. */
export interface ShootingTimeMessages {
  dateInvalid: string;
  dateInFuture: string;
  timeInvalid: string;
}

/** The shooting date (YYYY-MM-DD, not in the future) and time (HH:MM, 24 hours), with one form's messages. */
export function shootingTimeFields(messages: ShootingTimeMessages) {
  return {
    date: z
      .string()
      .refine((value) => value === '' || isCalendarDate(value), {
        error: messages.dateInvalid,
        abort: true, // a date that is not one is not also 'in the future'
      })
      .refine((value) => value === '' || value <= latestShootingDate(new Date()), {
        error: messages.dateInFuture,
      })
      .transform((value) => value || null),
    time: z
      .string()
      .regex(/^(?:|[01]\d:[0-5]\d|2[0-3]:[0-5]\d)$/, { error: messages.timeInvalid })
      .transform((value) => value || null),
  };
}
