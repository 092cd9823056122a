import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../common/constants';
import el from '../../common/i18n/el.json';
import en from '../../common/i18n/en.json';

export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * English and Greek. The first visit follows the browser's languages; a choice made with the flag
 * selector is kept in local storage and wins from then on.
 */
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, el: { translation: el } },
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false }, // React escapes
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    returnNull: false,
    showSupportNotice: false,
  });

const syncHtmlLang = (language: string) => document.documentElement.setAttribute('lang', language);
syncHtmlLang(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE);
i18n.on('languageChanged', syncHtmlLang);

export default i18n;
