import { z } from 'zod';
import { isCalendarDate } from '../calendar-date';
import { LIMITS } from '../constants';
import { findCountry } from '../countries';
import { splitPhone } from '../phone';

/**
 * The owner of a submitted video (SPEC 3): who filmed it or holds its rights and signs the license
 * agreement. One set of rules for the upload and TV forms; each form names its own message keys.
 */

/** A drawn signature is a small PNG; anything larger is not one. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
/** The earliest date of birth a picker offers and the rules accept. */
export const EARLIEST_DOB = '1900-01-01';
const NAME_MAX = 100;
/** Instagram usernames have at most 30 characters, plus the @. */
const INSTAGRAM_MAX = 31;

/** The i18n keys one form shows for the owner rules. */
export interface OwnerMessages {
  nameRequired: string;
  tooLong: string;
  emailInvalid: string;
  phoneInvalid: string;
  countryRequired: string;
  instagramInvalid: string;
  dobRequired: string;
  dobTooYoung: string;
}

export interface OwnerOptions {
  /**
   * A fixed latest date of birth (YYYY-MM-DD) on top of the minimum age: the TV page's picker maximum
   * (SPEC 5, 9). Without it the minimum age alone decides.
   */
  latestDob?: string;
}

/** Whole years between a date of birth (YYYY-MM-DD) and today. */
export function ageOn(dob: string, today: Date): number {
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day))
    age--;
  return age;
}

/** The latest date of birth a picker offers, in the person's own calendar: the owner must be 16 (SPEC 9). */
export function latestDateOfBirth(options: OwnerOptions = {}, today = new Date()): string {
  let latest = new Date(today.getFullYear() - LIMITS.minimumAge, today.getMonth(), today.getDate());
  // 29 February in a year without one: the last day of February, not 1 March.
  if (latest.getDate() !== today.getDate()) latest = new Date(latest.getFullYear(), latest.getMonth(), 0);
  const pad = (value: number) => String(value).padStart(2, '0');
  const byAge = `${latest.getFullYear()}-${pad(latest.getMonth() + 1)}-${pad(latest.getDate())}`;
  return options.latestDob && options.latestDob < byAge ? options.latestDob : byAge;
}

/** Name, e-mail, phone (E.164), country, Instagram and date of birth, with one form's messages. */
export function ownerFields(messages: OwnerMessages, options: OwnerOptions = {}) {
  const { latestDob } = options;
  return {
    name: z
      .string()
      .trim()
      .min(LIMITS.fullNameMin, { error: messages.nameRequired })
      .max(NAME_MAX, { error: messages.tooLong }),
    email: z
      .string()
      .trim()
      .max(LIMITS.emailMax, { error: messages.emailInvalid })
      .pipe(z.email({ error: messages.emailInvalid })),
    phone: z.string().refine((value) => splitPhone(value) !== null, { error: messages.phoneInvalid }),
    country: z
      .string()
      .refine((value) => findCountry(value) !== undefined, { error: messages.countryRequired }),
    instagram: z
      .string()
      .trim()
      .max(INSTAGRAM_MAX, { error: messages.tooLong })
      .refine((value) => value === '' || /^@[A-Za-z0-9._]+$/.test(value), {
        error: messages.instagramInvalid,
      }),
    dob: z
      .string()
      .refine((value) => isCalendarDate(value) && value >= EARLIEST_DOB, {
        error: messages.dobRequired,
        abort: true, // a date that is not one is not also 'too young'
      })
      .refine(
        (value) => ageOn(value, new Date()) >= LIMITS.minimumAge && (!latestDob || value <= latestDob),
        { error: messages.dobTooYoung },
      ),
  };
}

/** The drawn signature as a PNG data URL (SPEC 3), no larger than a drawing is. */
export function signatureDataUrl(message: string) {
  return z
    .string()
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 32, { error: message })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: message });
}
