import { DEFAULT_LANGUAGE, LANGUAGE_KEY, type Language } from '../../common/constants';
import { supportedLanguage, Translator } from '../../common/translator';
import { loadAllTexts, loadTexts } from './language-files';

/** The page's one translator: the app's (main.tsx) or the TV page's (tv/main.tsx) starts it. */
export const i18n: Translator = new Translator(DEFAULT_LANGUAGE, {}, (language) => loadTexts(i18n, language));

let started: Promise<void> = Promise.resolve();

/**
 * Fetches `language`'s texts and shows the page in it; `remember` keeps each language chosen later (the
 * flags, an account's language at sign-in). The first paint waits for the returned promise, so no key
 * ever shows.
 */
export function startTexts(language: Language, remember: (language: Language) => void): Promise<void> {
  const showLang = (shown: Language) => document.documentElement.setAttribute('lang', shown);
  started = i18n.changeLanguage(language).then(() => {
    showLang(i18n.language);
    i18n.onLanguageChanged((chosen) => {
      showLang(chosen);
      remember(chosen);
    });
  });
  return started;
}

/**
 * The app's language: a choice made with the flag selector wins (kept in local storage); a first visit
 * follows the browser's languages.
 */
export function appLanguage(): Language {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // Storage refused (private mode): the browser's languages decide.
  }
  return (
    supportedLanguage(chosen) ??
    navigator.languages.map(supportedLanguage).find((language) => language !== undefined) ??
    DEFAULT_LANGUAGE
  );
}

/** Keeps the app's language, and in a cookie of the same name: the server renders a first page in it. */
export function rememberAppLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: the cookie still carries the choice.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet (Firefox).
  document.cookie = `${LANGUAGE_KEY}=${language}; path=/; max-age=${365 * 24 * 60 * 60}; samesite=lax`;
}

/**
 * `load` (a screen or a part of one that loads later) with every text of the language: the first page
 * comes with its own sections only (lib/language-files.ts).
 */
export async function withAllTexts<T>(load: Promise<T>): Promise<T> {
  // After the first file: until then the page has not settled on its language.
  const [loaded] = await Promise.all([load, started.then(() => loadAllTexts(i18n))]);
  return loaded;
}
