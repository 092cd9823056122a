/** Business constants and limits of SPEC section 9, shared by the server and the web app. */

export const APP_NAME = 'Clipmarket';

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 20,
  fullNameMin: 3,
  companyNameMin: 3,
  passwordMin: 6,
  verificationCodeLength: 6,
  videoTitleMax: 100,
  videoDescriptionMax: 5000,
  minimumAge: 16,
  searchKeywordsMax: 10,
  /** The widest circle a search's place filter may draw around its point, in km. */
  searchRadiusMaxKm: 500,
  /** How many standing requests (saved searches with alerts) one member may keep. */
  standingRequestsMax: 50,
  /** How many collections one member may keep, and clips one collection may hold. */
  collectionsMax: 100,
  collectionItemsMax: 200,
  keywordSuggestionsTop: 20,
  keywordSuggestionsListMax: 21,
  verificationSteps: 4,
  abuseSubjectMax: 200,
  abuseMessageMax: 5000,
  emailMax: 254,
  urlMax: 2048,
} as const;

/**
 * Limits of the verification codes (SPEC 8.1 leaves them open; decided here, shown to users where useful).
 * A code works for 10 minutes and 5 tries; at most 3 codes are e-mailed per address per hour; the
 * e-mail can be changed 5 times a day; SMS: 5 per number and 10 per network address per day.
 */
export const VERIFICATION_LIMITS = {
  codeTtlMinutes: 10,
  attemptsPerCode: 5,
  emailsPerWindow: 3,
  emailWindowMinutes: 60,
  emailUpdatesPerDay: 5,
  smsPerNumberPerDay: 5,
  smsPerAddressPerDay: 10,
} as const;

export const TV_DOB_MAX = '2003-04-01';
export const REFERRAL_BONUS_PERCENT = 10;
export const SLIDE_ROTATION_MS = 3000;
export const TOAST_DURATION_MS = 8000;
export const TOAST_TYPES = [
  'default',
  'primary',
  'secondary',
  'success',
  'danger',
  'warning',
  'info',
  'light',
  'dark',
] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const MODAL_MIN_WIDTH_PX = 750;
export const MAP_DEFAULT_ZOOM = 12;
export const VIDEO_ASPECT_RATIO = 16 / 9;
export const GEOCODE_DEBOUNCE_MS = 300;
export const DATA_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const AVATAR_SIZE = { width: 500, height: 500 } as const;
export const COVER_SIZE = { width: 1500, height: 300 } as const;
export const THUMBNAIL = { width: 640, height: 360, jpegQuality: 0.75 } as const;
export const IMAGE_CROP_DEFAULT_ASPECT = 1;
export const DEFAULT_VIDEO_CATEGORY_ID = 24;
export const DEFAULT_COUNTRY = 'CY';
export const TERMS_FILE_PATH = 'public/terms_of_service.pdf';

/** Breakpoints in px (SPEC 2.2); the web theme uses the same numbers. */
export const BREAKPOINTS = { xs: 499, sm: 750, md: 850, lg: 1000, xl: 1300 } as const;

export const LANGUAGES = ['en', 'el'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/**
 * The name the browser keeps a visitor's language under, in local storage and in a cookie, so the server
 * renders their first page in it (server/plugins/page-render.ts, web/lib/i18n.ts).
 */
export const LANGUAGE_KEY = 'language';
/**
 * The id of the JSON block a page rendered on the server hands its data over in (server/plugins/
 * page-render.ts writes it, web/main.tsx reads it).
 */
export const PAGE_STATE_ID = 'page-state';
export const TV_DEFAULT_LANGUAGE: Language = 'el';
/** The flag shown for each language (SPEC 1: English gb, Greek gr). */
export const LANGUAGE_FLAGS: Record<Language, string> = { en: 'gb', el: 'gr' };

export const ROLES = ['creator', 'consumer', 'guest'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'guest';
