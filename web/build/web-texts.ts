import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';

const TEXTS_FILE = /[\\/]common[\\/]i18n[\\/]\w+\.json$/;
const TEXTS_FOLDER = fileURLToPath(new URL('../../common/i18n/', import.meta.url));
/** `import('virtual:rest-texts/en')`: the English texts a first page does not use. */
const REST_TEXTS = /^virtual:rest-texts\/(\w+)$/;
const RESOLVED_REST = '\0rest-texts:';
/**
 * Texts only the server writes (e-mails, text messages, the licence certificate, the monthly statement,
 * the sample terms).
 */
const SERVER_ONLY = ['mail', 'sms', 'certificate', 'statement', 'termsSample'];

/**
 * The sections of texts a visitor's first page uses: the shell, the home page, a video page and search
 * results (web/lib/language-files.ts fetches them first, the rest when a later screen loads). The build
 * fails when code of those pages uses another section, and names it.
 */
export const FIRST_PAGE_SECTIONS = new Set([
  'app',
  'nav',
  'header',
  'footer',
  'home',
  'videos',
  'search',
  'categories',
  'live',
  'routes',
  'languages',
  'toast',
  'errors',
  'abuse',
  'notFound',
  'accessDenied',
  'requireSignIn',
  'users',
]);
/**
 * First-page modules whose other texts show only after the rest has loaded: the toasts of live events and
 * of e-mail links (`showTextToast`), an upload's texts (shown on the upload page and in the upload ring,
 * both loaded later with every text), and better-auth's error texts (answers to the sign-in forms).
 */
const TEXTS_AFTER_LOADING =
  /[\\/]web[\\/](lib[\\/](live-events|uploads|error-message)\.ts|features[\\/]auth[\\/]auth-actions\.tsx)$/;
/**
 * The lazy chunks, besides the main entry, that run with the first page's texts only: the screens people
 * land on (RENDERED_ON_THE_SERVER's lazy ones) and the keyword field's suggestions, swapped in at a touch.
 */
const FIRST_PAGE_SCREENS =
  /[\\/](features[\\/](videos[\\/]video-page|search[\\/]search-results-page)|components[\\/]keyword-tags-input)\.tsx$/;
const OUR_CODE = /[\\/](web|common)[\\/][^?]*\.tsx?$/;

/**
 * The browser's language files, without the texts only the server writes, each in two parts: the first
 * page's sections (`en.json`) and the rest (`virtual:rest-texts/en`).
 */
export function webTexts(): Plugin {
  let sections: string[] = [];
  /** A language file without the server's texts, and the names of its sections kept for the check. */
  const webPart = (json: string) => {
    const texts = JSON.parse(json) as Record<string, unknown>;
    for (const key of SERVER_ONLY) delete texts[key];
    sections = Object.keys(texts);
    return texts;
  };
  const pick = (texts: Record<string, unknown>, firstPage: boolean) =>
    Object.fromEntries(
      Object.entries(texts).filter(([section]) => FIRST_PAGE_SECTIONS.has(section) === firstPage),
    );
  return {
    name: 'web-texts',
    enforce: 'pre',
    resolveId(id) {
      const rest = REST_TEXTS.exec(id);
      return rest ? `${RESOLVED_REST}${rest[1]}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_REST)) return null;
      const file = `${TEXTS_FOLDER}${id.slice(RESOLVED_REST.length)}.json`;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(pick(webPart(fs.readFileSync(file, 'utf8')), false))};`;
    },
    transform(code, id, options) {
      if (!TEXTS_FILE.test(id)) return null;
      const texts = webPart(code);
      // The server's render takes them whole.
      return { code: JSON.stringify(options?.ssr ? texts : pick(texts, true)), map: null };
    },
    generateBundle(_options, bundle) {
      const used = new Map<string, string>();
      for (const id of firstPageModules(bundle)) {
        if (TEXTS_AFTER_LOADING.test(id)) continue;
        const code = this.getModuleInfo(id)?.code ?? '';
        for (const section of sections) {
          if (!FIRST_PAGE_SECTIONS.has(section) && new RegExp(`['"\`]${section}\\.\\w`).test(code))
            used.set(section, id);
        }
      }
      if (used.size > 0) {
        const list = [...used].map(([section, id]) => `"${section}" (${id})`).join(', ');
        this.error(`a first page uses texts outside FIRST_PAGE_SECTIONS (web/build/web-texts.ts): ${list}`);
      }
    },
  };
}

/** Our modules in the chunks a first page loads: the main entry's and the first screens', with their imports. */
function firstPageModules(bundle: Rollup.OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const wanted = chunks.filter(
    (chunk) =>
      (chunk.isEntry && chunk.name === 'main') ||
      (chunk.facadeModuleId !== null && FIRST_PAGE_SCREENS.test(chunk.facadeModuleId)),
  );
  const seen = new Set<Rollup.OutputChunk>();
  while (wanted.length > 0) {
    const chunk = wanted.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    // Packages the server's render leaves outside the bundle are not chunks.
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) wanted.push(imported);
    }
  }
  return new Set([...seen].flatMap((chunk) => chunk.moduleIds).filter((id) => OUR_CODE.test(id)));
}
