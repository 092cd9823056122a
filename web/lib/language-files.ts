import type { Language } from '../../common/constants';
import type { Texts, Translator } from '../../common/translator';

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

/** Once anything beyond a first page is shown, a language switched to comes whole. */
let wholeWanted = false;
/** The languages whose every text the translator holds. */
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

/** A language's texts into the translator: the first page's, and the rest once wanted. */
export async function loadTexts(translator: Translator, language: Language): Promise<void> {
  const withRest = wholeWanted;
  const [first, more] = await Promise.all([FIRST_PAGE[language](), withRest ? rest(language) : undefined]);
  translator.addTexts(language, first.default);
  if (more) {
    translator.addTexts(language, more);
    whole.add(language);
  }
}

/** From now on a language is read whole: for a page that shows everything at once (the TV page). */
export function wantAllTexts(): void {
  wholeWanted = true;
}

/** Every text of the language on screen (and of any language chosen later), before something shows them. */
export async function loadAllTexts(translator: Translator): Promise<void> {
  wantAllTexts();
  const { language } = translator;
  if (whole.has(language)) return;
  const texts = await rest(language);
  // The two files hold different sections: what is on screen stays as it is.
  translator.addTexts(language, texts);
  whole.add(language);
}
