import { z } from 'zod';
import { MAP_DEFAULT_ZOOM } from '../constants';
import { ownerFields, signatureDataUrl } from './owner';
import { shootingTimeFields } from './shooting-time';
import { videoTextFields } from './video-text';

/**
 * The video submission form (SPEC 3, 5): the creator's video details, the owner's details, the drawn
 * signature and the license agreement. Messages are i18n keys under `upload.errors`.
 */

/** The version of the license agreement text the form shows; stored with each submission. */
export const LICENSE_AGREEMENT_VERSION = '2026-11-22';

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

const text = videoTextFields({
  titleRequired: 'upload.errors.titleRequired',
  titleMaxLength: 'upload.errors.titleMaxLength',
  titleAllowedChars: 'upload.errors.titleAllowedChars',
  descriptionRequired: 'upload.errors.descriptionRequired',
  descriptionMaxLength: 'upload.errors.descriptionMaxLength',
  descriptionAllowedChars: 'upload.errors.descriptionAllowedChars',
  keywordsTooMany: 'upload.errors.keywordsTooMany',
  keywordTooLong: 'upload.errors.keywordTooLong',
  keywordsAllowedChars: 'upload.errors.keywordsAllowedChars',
  externalUrlInvalid: 'upload.errors.externalUrlInvalid',
});
const shooting = shootingTimeFields({
  dateInvalid: 'upload.errors.dateInvalid',
  dateInFuture: 'upload.errors.dateInFuture',
  timeInvalid: 'upload.errors.timeInvalid',
});
const owner = ownerFields({
  nameRequired: 'upload.errors.ownerNameRequired',
  tooLong: 'upload.errors.tooLong',
  emailInvalid: 'upload.errors.emailRequired',
  phoneInvalid: 'upload.errors.phoneNumberRequired',
  countryRequired: 'upload.errors.countryRequired',
  instagramInvalid: 'upload.errors.instagramFormat',
  dobRequired: 'upload.errors.dobRequired',
  dobTooYoung: 'upload.errors.dobTooYoung',
});

export const videoSubmissionBody = z.object({
  ...text,
  ownerName: owner.name,
  ownerEmail: owner.email,
  ownerPhone: owner.phone,
  ownerCountry: owner.country,
  ownerInstagram: owner.instagram,
  ownerDob: owner.dob,
  signature: signatureDataUrl('upload.errors.signatureRequired'),
  isPolicyAgreed: z.literal(true, { error: 'upload.errors.termsAgreementRequired' }),
  /** The chosen file, for the record; the bytes come through the resumable upload. */
  fileName: z.string().trim().min(1, { error: 'upload.errors.fileRequired' }).max(255),
  fileSize: z.number().int().positive({ error: 'upload.errors.fileRequired' }),
  /** Shooting date and time; empty or absent when unknown. */
  date: shooting.date.nullish(),
  time: shooting.time.nullish(),
  location: submittedLocation.nullish(),
});
export type VideoSubmission = z.infer<typeof videoSubmissionBody>;

export const videoCreated = z.object({ id: z.string() });
