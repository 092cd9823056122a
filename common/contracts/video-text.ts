import { z } from 'zod';
import { LIMITS } from '../constants';
import { parseExternalVideoId } from '../external-video-link';
import { parseKeywords } from '../keywords';

/**
 * A video's text (SPEC 3, 5): title, description, keywords and the external video link. One set of
 * rules for the upload, edit and TV forms and the server routes behind them. Each form names its own
 * message keys (the TV page's are fixed by SPEC 5), never its own rules.
 */

export const KEYWORDS_MAX = 30;
export const KEYWORD_LENGTH_MAX = 50;
/** The typed keywords text: room for 30 keywords of 50 characters and their separators. */
const KEYWORDS_TEXT_MAX = 2000;

/** SPEC 5: titles, descriptions (and so keywords, shown beside them) may not hold < or >. */
export const noAngleBrackets = (value: string) => !/[<>]/.test(value);

/** The i18n keys one form shows for the video text rules. */
export interface VideoTextMessages {
  titleRequired: string;
  titleMaxLength: string;
  titleAllowedChars: string;
  descriptionRequired: string;
  descriptionMaxLength: string;
  descriptionAllowedChars: string;
  keywordsTooMany: string;
  keywordTooLong: string;
  keywordsAllowedChars: string;
  externalUrlInvalid: string;
}

/** Title, description, keywords (comma separated) and the external link, with one form's messages. */
export function videoTextFields(messages: VideoTextMessages) {
  return {
    title: z
      .string()
      .trim()
      .min(1, { error: messages.titleRequired })
      .max(LIMITS.videoTitleMax, { error: messages.titleMaxLength })
      .refine(noAngleBrackets, { error: messages.titleAllowedChars }),
    description: z
      .string()
      .trim()
      .min(1, { error: messages.descriptionRequired })
      .max(LIMITS.videoDescriptionMax, { error: messages.descriptionMaxLength })
      .refine(noAngleBrackets, { error: messages.descriptionAllowedChars }),
    keywords: z
      .string()
      .max(KEYWORDS_TEXT_MAX, { error: messages.keywordsTooMany })
      .refine((text) => parseKeywords(text).length <= KEYWORDS_MAX, { error: messages.keywordsTooMany })
      .refine((text) => parseKeywords(text).every((keyword) => keyword.length <= KEYWORD_LENGTH_MAX), {
        error: messages.keywordTooLong,
      })
      .refine(noAngleBrackets, { error: messages.keywordsAllowedChars }),
    /**
     * Empty, or a link to one video on the external site (SPEC 3 "YouTube-style external URL"): the
     * edit form turns it into the playable external id, so every form accepts only what it can play.
     */
    externalUrl: z
      .string()
      .trim()
      .max(LIMITS.urlMax, { error: messages.externalUrlInvalid })
      .refine((value) => value === '' || parseExternalVideoId(value) !== null, {
        error: messages.externalUrlInvalid,
      }),
  };
}
