import { LANGUAGES, type Language, TV_DEFAULT_LANGUAGE } from '../../common/constants';
import { startTexts } from '../lib/i18n';
import { wantAllTexts } from '../lib/language-files';

const STORAGE_KEY = 'tv-language';

function savedLanguage(): Language | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.find((language) => language === saved) ?? null;
  } catch {
    return null;
  }
}

function saveLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit.
  }
}

/**
 * The TV page speaks Greek unless the visitor picked English with the flags (SPEC 9: TV default
 * language gr), whatever the browser's languages; the choice is remembered on this device. The page is
 * one form: all of it shows at once, so it reads the language's two files together.
 */
export function startTvTexts(): Promise<void> {
  wantAllTexts();
  return startTexts(savedLanguage() ?? TV_DEFAULT_LANGUAGE, saveLanguage);
}
