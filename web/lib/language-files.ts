import type { BackendModule, i18n } from 'i18next';
import { LANGUAGES, type Language } from '../../common/constants';

type Texts = Record<string, unknown>;
type TextsFile = () => Promise<{ default: Texts }>;

/**
 * Each language's texts come in two files (web/build/web-texts.ts splits them at build): the sections a
 * visitor's first page uses, and the rest. A page downloads one language, and a first page only the first
 * file; every screen and part that loads later asks for the rest first (`loadAllTexts`).
 */
const FIRST_PAGE: Record<Language, TextsFile> = {
  en: () => import('../../common/i18n/en.json'),
  el: () => import('../../common/i18n/el.json'),
};
const REST: Record<Language, TextsFile> = {
  en: () => import('virtual:rest-texts/en'),
  el: () => import('virtual:rest-texts/el'),
};

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** Once anything beyond a first page is shown, a language switched to comes whole. */
let wholeWanted = false;
/** The languages whose every text i18next holds. */
const whole = new Set<Language>();
const restOf = new Map<Language, Promise<Texts>>();
const rest = (language: Language) => {
  let texts = restOf.get(language);
  if (!texts) {
    texts = REST[language]().then((file) => file.default);
    restOf.set(language, texts);
    // A fetch that failed (the network came and went) is tried again by whatever asks next.
    texts.catch(() => restOf.delete(language));
  }
  return texts;
};

/** i18next reads a language through this backend: the first page's texts, and the rest once wanted. */
export const languageFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, done) {
    if (!isLanguage(language)) return done(new Error(`no texts for ${language}`), false);
    const withRest = wholeWanted;
    Promise.all([FIRST_PAGE[language](), withRest ? rest(language) : {}]).then(
      ([first, more]) => {
        if (withRest) whole.add(language);
        done(null, { ...first.default, ...more });
      },
      (error: Error) => done(error, false),
    );
  },
};

/** From now on a language is read whole: for a page that shows everything at once (the TV page). */
export function wantAllTexts(): void {
  wholeWanted = true;
}

/** Every text of the language on screen (and of any language chosen later), before something shows them. */
export async function loadAllTexts(translator: i18n): Promise<void> {
  wantAllTexts();
  const language = translator.resolvedLanguage ?? '';
  if (!isLanguage(language)) return;
  if (whole.has(language)) return;
  const texts = await rest(language);
  if (whole.has(language)) return;
  // The two files hold different sections: what is on screen stays as it is.
  translator.addResourceBundle(language, 'translation', texts, true, false);
  whole.add(language);
}

/**
 * i18next's fallback: none beside a supported language (each file holds every key, `npm test` checks it),
 * so the other language is never fetched; anything else shows `fallback`.
 */
export const fallbackTo =
  (fallback: Language) =>
  (code = '') =>
    isLanguage(code.split('-')[0] ?? '') ? [] : [fallback];
