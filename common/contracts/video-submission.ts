import { z } from 'zod';
import { LIMITS, MAP_DEFAULT_ZOOM } from '../constants';
import { findCountry } from '../countries';
import { parseKeywords } from '../keywords';
import { splitPhone } from '../phone';

/**
 * The video submission form (SPEC 3, 5): the creator's video details, the owner's details, the drawn
 * signature and the licence agreement. Messages are i18n keys under `upload.errors`.
 */

/** The version of the licence agreement text the form shows; stored with each submission. */
export const LICENCE_AGREEMENT_VERSION = '2026-11-22';
export const KEYWORDS_MAX = 30;
export const KEYWORD_LENGTH_MAX = 50;
/** A drawn signature is a small PNG; anything larger is not one. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;

const noAngleBrackets = (value: string) => !/[<>]/.test(value);

/**
 * The latest shooting date accepted: today where the day starts first (UTC+14), so someone whose
 * calendar is ahead of the server's is never told that today is in the future.
 */
export function latestShootingDate(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const isCalendarDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

const LOCATION_INVALID = { error: 'upload.errors.locationInvalid' } as const;
const degrees = (limit: number) =>
  z.number(LOCATION_INVALID).min(-limit, LOCATION_INVALID).max(limit, LOCATION_INVALID);
const point = z.object({ lat: degrees(90), lng: degrees(180) }, LOCATION_INVALID);

/**
 * Where the video was shot: the location value of `contracts/location.ts`, with this form's messages.
 * An address without coordinates is fine (typed while the geocoder was unreachable).
 */
export const submittedLocation = z.object(
  {
    address: z.string(LOCATION_INVALID).trim().max(300, { error: 'upload.errors.addressTooLong' }),
    coordinates: point.nullable(),
    addressCoordinates: point.nullable().optional(),
    addressViewport: z
      .tuple([degrees(90), degrees(180), degrees(90), degrees(180)], LOCATION_INVALID)
      .nullable()
      .optional(),
    zoom: z
      .number(LOCATION_INVALID)
      .int(LOCATION_INVALID)
      .min(1, LOCATION_INVALID)
      .max(19, LOCATION_INVALID)
      .default(MAP_DEFAULT_ZOOM),
  },
  LOCATION_INVALID,
);

/** Whole years between a date of birth (YYYY-MM-DD) and today. */
export function ageOn(dob: string, today: Date): number {
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day))
    age--;
  return age;
}

export const videoSubmissionBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: 'upload.errors.titleRequired' })
    .max(LIMITS.videoTitleMax, { error: 'upload.errors.titleMaxLength' })
    .refine(noAngleBrackets, { error: 'upload.errors.titleAllowedChars' }),
  description: z
    .string()
    .trim()
    .min(1, { error: 'upload.errors.descriptionRequired' })
    .max(LIMITS.videoDescriptionMax, { error: 'upload.errors.descriptionMaxLength' })
    .refine(noAngleBrackets, { error: 'upload.errors.descriptionAllowedChars' }),
  keywords: z
    .string()
    .max(2000, { error: 'upload.errors.keywordsTooMany' })
    .refine((text) => parseKeywords(text).length <= KEYWORDS_MAX, { error: 'upload.errors.keywordsTooMany' })
    .refine((text) => parseKeywords(text).every((keyword) => keyword.length <= KEYWORD_LENGTH_MAX), {
      error: 'upload.errors.keywordTooLong',
    })
    .refine(noAngleBrackets, { error: 'upload.errors.keywordsAllowedChars' }),
  externalUrl: z
    .string()
    .trim()
    .max(LIMITS.urlMax, { error: 'upload.errors.externalUrlInvalid' })
    .refine((value) => value === '' || (URL.canParse(value) && /^https?:\/\//i.test(value)), {
      error: 'upload.errors.externalUrlInvalid',
    }),
  ownerName: z
    .string()
    .trim()
    .min(LIMITS.fullNameMin, { error: 'upload.errors.ownerNameRequired' })
    .max(100, { error: 'upload.errors.tooLong' }),
  ownerEmail: z
    .string()
    .trim()
    .max(LIMITS.emailMax, { error: 'upload.errors.emailRequired' })
    .pipe(z.email({ error: 'upload.errors.emailRequired' })),
  ownerPhone: z
    .string()
    .refine((value) => splitPhone(value) !== null, { error: 'upload.errors.phoneNumberRequired' }),
  ownerCountry: z
    .string()
    .refine((value) => findCountry(value) !== undefined, { error: 'upload.errors.countryRequired' }),
  ownerInstagram: z
    .string()
    .trim()
    .max(31, { error: 'upload.errors.tooLong' })
    .refine((value) => value === '' || /^@[A-Za-z0-9._]+$/.test(value), {
      error: 'upload.errors.instagramFormat',
    }),
  ownerDob: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'upload.errors.dobRequired' })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'upload.errors.dobRequired' })
    .refine((value) => ageOn(value, new Date()) >= LIMITS.minimumAge, { error: 'upload.errors.dobTooYoung' }),
  /** The drawn signature as a PNG data URL (SPEC 3). */
  signature: z
    .string()
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: 'upload.errors.signatureRequired' })
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 32, { error: 'upload.errors.signatureRequired' }),
  isPolicyAgreed: z.literal(true, { error: 'upload.errors.termsAgreementRequired' }),
  /** The chosen file, for the record; the bytes come through the resumable upload. */
  fileName: z.string().trim().min(1, { error: 'upload.errors.fileRequired' }).max(255),
  fileSize: z.number().int().positive({ error: 'upload.errors.fileRequired' }),
  /** Shooting date, YYYY-MM-DD, not in the future; empty or absent when unknown. */
  date: z
    .string()
    .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value)), {
      error: 'upload.errors.dateInvalid',
    })
    .refine((value) => value === '' || value <= latestShootingDate(new Date()), {
      error: 'upload.errors.dateInFuture',
    })
    .nullish(),
  /** Shooting time, HH:MM (24 hours); empty or absent when unknown. */
  time: z
    .string()
    .regex(/^(?:|[01]\d:[0-5]\d|2[0-3]:[0-5]\d)$/, { error: 'upload.errors.timeInvalid' })
    .nullish(),
  location: submittedLocation.nullish(),
});
export type VideoSubmission = z.infer<typeof videoSubmissionBody>;

export const videoCreated = z.object({ id: z.string() });
