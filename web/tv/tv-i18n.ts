import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language, TV_DEFAULT_LANGUAGE } from '../../common/constants';
import { fallbackTo, languageFiles, wantAllTexts } from '../lib/language-files';

const STORAGE_KEY = 'tv-language';

function savedLanguage(): Language | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.find((language) => language === saved) ?? null;
  } catch {
    return null;
  }
}

// The TV page is one form: all of it shows at once, so it reads the language's two files together.
wantAllTexts();

/**
 * The TV page speaks Greek unless the visitor picked English with the flags (SPEC 9: TV default
 * language gr), whatever the browser's languages; the choice is remembered on this device.
 */
export const i18nReady = i18n
  .use(languageFiles)
  .use(initReactI18next)
  .init({
    lng: savedLanguage() ?? TV_DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    fallbackLng: fallbackTo(TV_DEFAULT_LANGUAGE),
    react: { useSuspense: false },
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });

const syncHtmlLang = (language: string) => document.documentElement.setAttribute('lang', language);
syncHtmlLang(i18n.language);
i18n.on('languageChanged', (language) => {
  syncHtmlLang(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit.
  }
});

export default i18n;
