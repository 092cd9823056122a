import {
  cloneElement,
  createContext,
  Fragment,
  type ReactElement,
  type ReactNode,
  use,
  useSyncExternalStore,
} from 'react';
import { interpolate, type TextValues, type Translator } from '../../common/translator';
import { i18n } from './i18n';

/** The translator screens read: the page's own, or one per language on the server (server-render.tsx). */
export const TranslatorContext = createContext<Translator>(i18n);

/** `t` in the language on screen, and the translator; the component renders again when the language changes. */
export function useTranslation() {
  const translator = use(TranslatorContext);
  const language = useSyncExternalStore(
    (changed) => translator.onLanguageChanged(changed),
    () => translator.language,
    () => translator.language,
  );
  return { t: translator.getFixedT(language), i18n: translator };
}

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A text with markup: `<terms>Terms of Service</terms>` becomes `components.terms` (a link, say) holding
 * "Terms of Service". The tags are read before the values go in, so a value is always plain text.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: TextValues;
  components: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  const template = t(i18nKey);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of template.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    parts.push(interpolate(template.slice(at, match.index), values));
    const component = components[name];
    const text = interpolate(inner, values);
    parts.push(component ? cloneElement(component, { key: parts.length }, text) : text);
    at = match.index + whole.length;
  }
  parts.push(interpolate(template.slice(at), values));
  return <Fragment>{parts}</Fragment>;
}
