import { LANGUAGES, type Language } from './constants';

/**
 * The app's texts, for the browser and the server alike. The files keep i18next's JSON format (sections
 * nested by dots, `{{name}}` placeholders, plural forms as `key_zero` / `key_one` / `key_other`), and this
 * reads exactly that much of it: i18next and its React binding were 10% of a first page's JavaScript
 * (18 KB gzip of the 170 the phone budget allows) for features the app never used.
 */
export interface Texts {
  [key: string]: string | Texts;
}
export type TextValues = Record<string, unknown> & { count?: number };
export type TFunction = (key: string, values?: TextValues) => string;

export const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** `el-GR` → `el`; anything not supported → undefined. */
export const supportedLanguage = (code: string | null | undefined): Language | undefined => {
  const language = code?.split('-')[0]?.toLowerCase() ?? '';
  return isLanguage(language) ? language : undefined;
};

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Fills `{{name}}` with its value; a placeholder given no value stays as it is (a visible mistake). */
export const interpolate = (text: string, values: TextValues = {}) =>
  text.replace(PLACEHOLDER, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );

/**
 * The text at `parts[from..]` below `node`. A key may itself hold dots (the audit log's action names):
 * each split is tried, the shortest first, as i18next does.
 */
function find(node: string | Texts, parts: string[], from: number): string | undefined {
  if (from === parts.length) return typeof node === 'string' ? node : undefined;
  if (typeof node === 'string') return undefined;
  for (let to = from + 1; to <= parts.length; to++) {
    const next = node[parts.slice(from, to).join('.')];
    const found = next === undefined ? undefined : find(next, parts, to);
    if (found !== undefined) return found;
  }
  return undefined;
}

function merge(into: Texts, from: Texts): void {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
    else if (existing === undefined) into[key] = value;
  }
}

/** One page's (or the server's) texts in every language it has loaded, and the language shown. */
export class Translator {
  language: Language;
  private readonly texts = new Map<Language, Texts>();
  private readonly plurals = new Map<Language, Intl.PluralRules>();
  private readonly listeners = new Set<(language: Language) => void>();
  private readonly fixed = new Map<Language, TFunction>();

  constructor(
    language: Language,
    texts: Partial<Record<Language, Texts>> = {},
    /** Fetches a language's texts before the page switches to it (the browser's files). */
    private readonly load?: (language: Language) => Promise<void>,
  ) {
    this.language = language;
    for (const [code, section] of Object.entries(texts)) this.addTexts(code as Language, section);
  }

  /** Adds sections to a language; texts already there stay as they are (what is on screen does not change). */
  addTexts(language: Language, texts: Texts): void {
    const existing = this.texts.get(language);
    if (existing) merge(existing, texts);
    else this.texts.set(language, structuredClone(texts));
  }

  private lookup(language: Language, key: string): string | undefined {
    const texts = this.texts.get(language);
    return texts && find(texts, key.split('.'), 0);
  }

  private pluralOf(language: Language, count: number): string {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return rules.select(count);
  }

  /** The text of `key` in `language`: its plural form when `count` is given, the key itself when missing. */
  translate(language: Language, key: string, values?: TextValues): string {
    const count = values?.count;
    const plural = typeof count === 'number' ? this.pluralText(language, key, count) : undefined;
    const text = plural ?? this.lookup(language, key);
    return text === undefined ? key : interpolate(text, values);
  }

  /** `key_zero` for none where a text has it (as in i18next), else the language's own plural form. */
  private pluralText(language: Language, key: string, count: number): string | undefined {
    return (
      (count === 0 ? this.lookup(language, `${key}_zero`) : undefined) ??
      this.lookup(language, `${key}_${this.pluralOf(language, count)}`) ??
      this.lookup(language, `${key}_other`)
    );
  }

  /** The texts of the language shown, whatever it is when called. */
  t: TFunction = (key, values) => this.translate(this.language, key, values);

  /** The texts of one language, whatever the page shows (a mail, a document, a test). */
  getFixedT(language: Language): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key, values) => this.translate(language, key, values);
      this.fixed.set(language, t);
    }
    return t;
  }

  exists(key: string, language: Language = this.language): boolean {
    return this.lookup(language, key) !== undefined;
  }

  /** Shows `code` (a supported language, or a tag of one), once its texts are in. */
  async changeLanguage(code: string): Promise<void> {
    const language = supportedLanguage(code);
    if (!language) return;
    await this.load?.(language);
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener(language);
  }

  /** Called with the new language on every change; returns the unsubscribe. */
  onLanguageChanged(listener: (language: Language) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
