/**
 * The React side of the app's translator, in place of react-i18next (the build and the web tests resolve
 * `react-i18next` here; docs/decisions.md, "Translator"): `useTranslation` re-renders its component when
 * the language changes, `Trans` puts elements around parts of a text (`<strong>{{email}}</strong>`).
 */
import {
  cloneElement,
  Fragment,
  isValidElement,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import i18n, { interpolate, type TranslateFunction, type TranslateOptions } from './translator.js';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
const currentLanguage = () => i18n.language;

/** The `t` of the interface language (a new function when it changes) and the translator itself. */
export function useTranslation(): { t: TranslateFunction; i18n: typeof i18n; ready: true } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: i18n.getFixedT(language), i18n, ready: true };
}

/** react-i18next's plugin, for `i18n.use(initReactI18next)`: nothing to set up. */
export const initReactI18next = { type: '3rdParty' as const, init: () => undefined };

const tag = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;

/** A text's `<name>…</name>` and `<name/>` parts as the elements `components` names, the rest as text. */
function toNodes(
  text: string,
  components: Record<string, ReactElement>,
  values: TranslateOptions | undefined,
): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(tag)) {
    const [whole, selfClosing, name, inner] = match;
    if (match.index > last) nodes.push(interpolate(text.slice(last, match.index), values));
    const element = components[selfClosing ?? name!];
    const children = selfClosing ? [] : toNodes(inner ?? '', components, values);
    const key = `${nodes.length}`;
    if (isValidElement(element))
      nodes.push(cloneElement(element, { key }, ...(children.length > 0 ? children : [])));
    else nodes.push(<Fragment key={key}>{selfClosing ? whole : children}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(interpolate(text.slice(last), values));
  return nodes;
}

/** A translated text with elements around some of its parts; values are put in as text, never as markup. */
export function Trans(props: {
  i18nKey: string;
  values?: TranslateOptions;
  components?: Record<string, ReactElement>;
}): ReactNode {
  const { i18n: translator } = useTranslation();
  const raw = translator.resolve(props.i18nKey, props.values);
  return <>{toNodes(typeof raw === 'string' ? raw : props.i18nKey, props.components ?? {}, props.values)}</>;
}
