import { z } from 'zod';
import { LIMITS, TV_DOB_MAX } from '../constants';
import { findCountry } from '../countries';
import { parseKeywords } from '../keywords';
import { splitPhone } from '../phone';
import { KEYWORD_LENGTH_MAX, KEYWORDS_MAX, SIGNATURE_MAX_BYTES } from './video-submission';

/**
 * The TV page's free video submission (SPEC 3 "Free video submission", 5 "TV form", 7 createFreeVideo).
 * One set of rules for the server and the form; messages are i18n keys under `tv.form.errors`.
 */

/** The header that carries a pending submission's secret token on every TV call (tus included). */
export const TV_TOKEN_HEADER = 'x-tv-token';
/** The browser's thumbnail (640x360, JPEG 0.75) is tens of KB; anything much larger is not one. */
export const TV_THUMBNAIL_MAX_BYTES = 512 * 1024;

const noAngleBrackets = (value: string) => !/[<>]/.test(value);
const dataUrlOf = (mime: string, maxBytes: number, message: string) =>
  z
    .string()
    .max(Math.ceil((maxBytes * 4) / 3) + 32, { error: message })
    .regex(new RegExp(`^data:${mime.replace('/', '\\/')};base64,[A-Za-z0-9+/]+=*$`), { error: message });

export const tvVideoFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: 'tv.form.errors.titleRequired' })
    .max(LIMITS.videoTitleMax, { error: 'tv.form.errors.titleMaxLength' })
    .refine(noAngleBrackets, { error: 'tv.form.errors.titleAllowedChars' }),
  description: z
    .string()
    .trim()
    .min(1, { error: 'tv.form.errors.descriptionRequired' })
    .max(LIMITS.videoDescriptionMax, { error: 'tv.form.errors.descriptionMaxLength' })
    .refine(noAngleBrackets, { error: 'tv.form.errors.descriptionAllowedChars' }),
  keywordsString: z
    .string()
    .max(2000, { error: 'tv.form.errors.keywordsInvalid' })
    .refine(noAngleBrackets, { error: 'tv.form.errors.keywordsInvalid' })
    .refine((text) => parseKeywords(text).length <= KEYWORDS_MAX, { error: 'tv.form.errors.keywordsInvalid' })
    .refine((text) => parseKeywords(text).every((keyword) => keyword.length <= KEYWORD_LENGTH_MAX), {
      error: 'tv.form.errors.keywordsInvalid',
    }),
  youtubeUrl: z
    .string()
    .trim()
    .max(LIMITS.urlMax, { error: 'tv.form.errors.youtubeUrlInvalid' })
    .refine((value) => value === '' || (URL.canParse(value) && /^https?:\/\//i.test(value)), {
      error: 'tv.form.errors.youtubeUrlInvalid',
    }),
  fileName: z.string().trim().min(1, { error: 'tv.form.errors.fileRequired' }).max(255),
});

export const tvOwnerFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'tv.form.errors.ownerNameRequired' })
    .max(100, { error: 'tv.form.errors.global' }),
  email: z
    .string()
    .trim()
    .max(LIMITS.emailMax, { error: 'tv.form.errors.emailRequired' })
    .pipe(z.email({ error: 'tv.form.errors.emailRequired' })),
  phoneNumber: z
    .string()
    .refine((value) => splitPhone(value) !== null, { error: 'tv.form.errors.phoneNumberRequired' }),
  country: z
    .string()
    .refine((value) => findCountry(value) !== undefined, { error: 'tv.form.errors.countryRequired' }),
  instagram: z
    .string()
    .trim()
    .max(31, { error: 'tv.form.errors.instagramInvalid' })
    .refine((value) => value === '' || /^@[A-Za-z0-9._]+$/.test(value), {
      error: 'tv.form.errors.instagramInvalid',
    }),
  /** YYYY-MM-DD, no later than the picker's maximum (SPEC 9). */
  dob: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'tv.form.errors.dobRequired' })
    .refine((value) => !Number.isNaN(Date.parse(value)) && value <= TV_DOB_MAX && value >= '1900-01-01', {
      error: 'tv.form.errors.dobRequired',
    }),
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
  signature: z.string().min(1, { error: 'tv.form.errors.signatureRequired' }),
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

export const tvThumbnailBody = z.object({
  thumbnail: dataUrlOf('image/jpeg', TV_THUMBNAIL_MAX_BYTES, 'tv.form.errors.global'),
});
export const tvSignatureBody = z.object({
  signature: dataUrlOf('image/png', SIGNATURE_MAX_BYTES, 'tv.form.errors.signatureRequired'),
});
export const tvSubmissionParams = z.object({ id: z.uuid() });

/** What the TV page needs from the server: its two configured links (absent when not configured). */
export const tvConfigResponse = z.object({
  advertisingUrl: z.string().nullable(),
  channelUrl: z.string().nullable(),
  maxBytes: z.number().int(),
});
