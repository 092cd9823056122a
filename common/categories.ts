import { DEFAULT_VIDEO_CATEGORY_ID } from './constants';

/**
 * Video categories (SPEC 3): the external video site's category ids. Names are i18n keys under
 * `categories.<id>`. Hidden ones are kept so old records still read, but are never offered.
 */
export const VIDEO_CATEGORIES: readonly { id: number; hidden: boolean }[] = [
  { id: 1, hidden: false }, // Film & Animation
  { id: 2, hidden: false }, // Autos & Vehicles
  { id: 10, hidden: false }, // Music
  { id: 15, hidden: false }, // Pets & Animals
  { id: 17, hidden: false }, // Sports
  { id: 18, hidden: true }, // Short Movies
  { id: 19, hidden: false }, // Travel & Events
  { id: 20, hidden: false }, // Gaming
  { id: 21, hidden: true }, // Videoblogging
  { id: 22, hidden: false }, // People & Blogs
  { id: 23, hidden: false }, // Comedy
  { id: 24, hidden: false }, // Entertainment
  { id: 25, hidden: false }, // News & Politics
  { id: 26, hidden: false }, // Howto & Style
  { id: 27, hidden: false }, // Education
  { id: 28, hidden: false }, // Science & Technology
  { id: 29, hidden: false }, // Nonprofits & Activism
  { id: 30, hidden: false }, // Movies
  ...Array.from({ length: 14 }, (_, index) => ({ id: 31 + index, hidden: true })), // 31-44: trailers, shows ...
];

/** The categories a form offers. */
export const VISIBLE_CATEGORY_IDS: readonly number[] = VIDEO_CATEGORIES.filter((c) => !c.hidden).map(
  (c) => c.id,
);

export function isVisibleCategory(id: number): boolean {
  return VISIBLE_CATEGORY_IDS.includes(id);
}

export { DEFAULT_VIDEO_CATEGORY_ID };

export const VIDEO_PRIVACY = ['public', 'private', 'unlisted'] as const;
export type VideoPrivacy = (typeof VIDEO_PRIVACY)[number];
