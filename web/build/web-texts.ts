import type { Plugin } from 'vite';

const TEXTS_FILE = /[\\/]common[\\/]i18n[\\/]\w+\.json$/;
/** Texts only the server writes (e-mails, text messages, the licence certificate, the sample terms). */
const SERVER_ONLY = ['mail', 'sms', 'certificate', 'termsSample'];

/** The browser's language files, without the texts only the server writes. */
export function webTexts(): Plugin {
  return {
    name: 'web-texts',
    enforce: 'pre',
    transform(code, id) {
      if (!TEXTS_FILE.test(id)) return null;
      const texts = JSON.parse(code) as Record<string, unknown>;
      for (const key of SERVER_ONLY) delete texts[key];
      return { code: JSON.stringify(texts), map: null };
    },
  };
}
