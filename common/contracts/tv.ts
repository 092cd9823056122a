import { z } from 'zod';
import { TV_DOB_MAX } from '../constants';
import { type OwnerOptions, ownerFields, signatureDataUrl } from './owner';
import { videoTextFields } from './video-text';

/**
 * The TV page's free video submission (SPEC 3 "Free video submission", 5 "TV form", 7 createFreeVideo).
 * One set of rules for the server and the form; messages are i18n keys under `tv.form.errors`.
 */

/** The header that carries a pending submission's secret token on every TV call (tus included). */
export const TV_TOKEN_HEADER = 'x-tv-token';
/** The browser's thumbnail (640x360, JPEG 0.75) is tens of KB; anything much larger is not one. */
export const TV_THUMBNAIL_MAX_BYTES = 512 * 1024;

const dataUrlOf = (mime: string, maxBytes: number, message: string) =>
  z
    .string()
    .max(Math.ceil((maxBytes * 4) / 3) + 32, { error: message })
    .regex(new RegExp(`^data:${mime.replace('/', '\\/')};base64,[A-Za-z0-9+/]+=*$`), { error: message });

const text = videoTextFields({
  titleRequired: 'tv.form.errors.titleRequired',
  titleMaxLength: 'tv.form.errors.titleMaxLength',
  titleAllowedChars: 'tv.form.errors.titleAllowedChars',
  descriptionRequired: 'tv.form.errors.descriptionRequired',
  descriptionMaxLength: 'tv.form.errors.descriptionMaxLength',
  descriptionAllowedChars: 'tv.form.errors.descriptionAllowedChars',
  keywordsTooMany: 'tv.form.errors.keywordsInvalid',
  keywordTooLong: 'tv.form.errors.keywordsInvalid',
  keywordsAllowedChars: 'tv.form.errors.keywordsInvalid',
  externalUrlInvalid: 'tv.form.errors.youtubeUrlInvalid',
});

/** The one rule the TV page has apart from the main form: its picker's latest date of birth (SPEC 5, 9). */
export const TV_OWNER_OPTIONS: OwnerOptions = { latestDob: TV_DOB_MAX };

const owner = ownerFields(
  {
    nameRequired: 'tv.form.errors.ownerNameRequired',
    tooLong: 'tv.form.errors.tooLong',
    emailInvalid: 'tv.form.errors.emailRequired',
    phoneInvalid: 'tv.form.errors.phoneNumberRequired',
    countryRequired: 'tv.form.errors.countryRequired',
    instagramInvalid: 'tv.form.errors.instagramInvalid',
    dobRequired: 'tv.form.errors.dobRequired',
    // SPEC 5 has one key for the TV date of birth; its text names the latest date.
    dobTooYoung: 'tv.form.errors.dobRequired',
  },
  TV_OWNER_OPTIONS,
);

/** The video's part of createFreeVideo, in SPEC 3's names. */
export const tvVideoFields = z.object({
  title: text.title,
  description: text.description,
  keywordsString: text.keywords,
  youtubeUrl: text.externalUrl,
  fileName: z.string().trim().min(1, { error: 'tv.form.errors.fileRequired' }).max(255),
});

/** The owner's part of createFreeVideo, in SPEC 3's names. */
export const tvOwnerFields = z.object({
  name: owner.name,
  email: owner.email,
  phoneNumber: owner.phone,
  country: owner.country,
  instagram: owner.instagram,
  dob: owner.dob,
});

/** createFreeVideo (SPEC 7): the last of the four parts; the file, thumbnail and signature came before. */
export const tvFreeVideoBody = z.object({
  videoId: z.uuid({ error: 'tv.form.errors.global' }),
  video: tvVideoFields,
  owner: tvOwnerFields,
  isPolicyAgreed: z.literal(true, { error: 'tv.form.errors.termsAgreementRequired' }),
});
export type TvFreeVideo = z.infer<typeof tvFreeVideoBody>;

/** The whole form as the page checks it before anything is sent (the file is the browser's File). */
export const tvFormSchema = z.object({
  video: tvVideoFields.omit({ fileName: true }),
  owner: tvOwnerFields,
  isPolicyAgreed: z.literal(true, { error: 'tv.form.errors.termsAgreementRequired' }),
  signature: signatureDataUrl('tv.form.errors.signatureRequired'),
  file: z.custom<unknown>((value) => value !== null && value !== undefined, {
    error: 'tv.form.errors.fileRequired',
  }),
});

export const tvSubmissionOpenBody = z.object({
  /** The solved ALTCHA payload: the captcha comes before any upload starts. */
  captcha: z.string().min(1, { error: 'errors.CAPTCHA_FAILED' }).max(4096),
});
export const tvSubmissionOpened = z.object({
  id: z.uuid(),
  /** Shown once; the server keeps only its hash. Sent back in the TV_TOKEN_HEADER header. */
  token: z.string(),
  /** The largest video file accepted, in bytes. */
  maxBytes: z.number().int(),
});
export type TvSubmissionOpened = z.infer<typeof tvSubmissionOpened>;

export const tvThumbnailBody = z.object({
  thumbnail: dataUrlOf('image/jpeg', TV_THUMBNAIL_MAX_BYTES, 'tv.form.errors.global'),
});
export type TvThumbnail = z.infer<typeof tvThumbnailBody>;
export const tvSignatureBody = z.object({
  signature: signatureDataUrl('tv.form.errors.signatureRequired'),
});
export type TvSignature = z.infer<typeof tvSignatureBody>;
export const tvSubmissionParams = z.object({ id: z.uuid() });

/** What the TV page needs from the server: its two configured links (absent when not configured). */
export const tvConfigResponse = z.object({
  advertisingUrl: z.string().nullable(),
  channelUrl: z.string().nullable(),
  maxBytes: z.number().int(),
});
export type TvConfig = z.infer<typeof tvConfigResponse>;
