import type { BackendModule } from 'i18next';
import { LANGUAGES, type Language } from '../../common/constants';

/**
 * Each language's texts are a file of their own, fetched when the language is first shown: a page
 * downloads one language, not both. i18next reads them through this backend.
 */
export const languageFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, done) {
    import(`../../common/i18n/${language}.json`).then(
      (file: { default: Record<string, unknown> }) => done(null, file.default),
      (error: Error) => done(error, false),
    );
  },
};

/**
 * i18next's fallback: none beside a supported language (each file holds every key, `npm test` checks it),
 * so the other language is never fetched; anything else shows `fallback`.
 */
export const fallbackTo =
  (fallback: Language) =>
  (code = '') =>
    (LANGUAGES as readonly string[]).includes(code.split('-')[0] ?? '') ? [] : [fallback];
