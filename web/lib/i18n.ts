import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, LANGUAGES } from '../../common/constants';
import { fallbackTo, languageFiles, loadAllTexts } from './language-files';

/**
 * English and Greek. The first visit follows the browser's languages; a choice made with the flag
 * selector is kept in local storage and wins from then on. It is kept in a cookie of the same name too:
 * the server renders a visitor's first page in it (server/plugins/page-render.ts).
 */
export const i18nReady = i18n
  .use(languageFiles)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: fallbackTo(DEFAULT_LANGUAGE),
    // The app renders once the language's file is in; a switch waits for the other file, then changes.
    react: { useSuspense: false },
    interpolation: { escapeValue: false }, // React escapes
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_KEY,
      lookupCookie: LANGUAGE_KEY,
      cookieMinutes: 365 * 24 * 60,
      cookieOptions: { path: '/', sameSite: 'lax' },
      caches: ['localStorage', 'cookie'],
    },
    returnNull: false,
    showSupportNotice: false,
  });

// Not on the server, which imports this module with the toasts' and uploads' texts, and sets `lang` itself.
if (typeof document !== 'undefined') {
  const syncHtmlLang = (language: string) => document.documentElement.setAttribute('lang', language);
  syncHtmlLang(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE);
  i18n.on('languageChanged', () => syncHtmlLang(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE));
}

export default i18n;

/**
 * `load` (a screen or a part of one that loads later) with every text of the language: the first page
 * comes with its own sections only (lib/language-files.ts).
 */
export async function withAllTexts<T>(load: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load, loadAllTexts(i18n)]);
  return loaded;
}
