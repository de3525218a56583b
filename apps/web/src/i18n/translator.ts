/**
 * The app's translator, in place of i18next (the build and the web tests resolve `i18next` here:
 * vite.config.ts, vitest.config.ts; docs/decisions.md, "Translator"). It does the part of i18next the app
 * uses, with i18next's results: nested keys (`a.b.c`), `{{name}}` interpolation without escaping, plurals
 * by `count` (`key_zero` for 0 when present, then `key_one`/`key_other` by the language's plural rules, then
 * `key`), a fallback language, `defaultValue`, `lng`, resource bundles merged without overwriting, and the
 * `languageChanged` event. It is about 2 KB of script where i18next is about 15 KB on every page.
 */

export type Texts = { [key: string]: unknown };

export interface TranslateOptions {
  lng?: string;
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [name: string]: unknown;
}

export type TranslateFunction = (key: string, options?: TranslateOptions) => string;

interface InitOptions {
  resources?: Record<string, Record<string, Texts>>;
  lng?: string;
  fallbackLng?: string;
  [option: string]: unknown;
}

type Listener = (language: string) => void;

const isTexts = (value: unknown): value is Texts =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Copies `source` into `target`, keeping what `target` has unless `overwrite`. */
function merge(target: Texts, source: Texts, overwrite: boolean): void {
  for (const [key, value] of Object.entries(source)) {
    const present = target[key];
    if (isTexts(value) && isTexts(present)) merge(present, value, overwrite);
    else if (present === undefined || overwrite)
      target[key] = isTexts(value) ? structuredClone(value) : value;
  }
}

const placeholder = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** `{{name}}` replaced by the option of that name, unescaped; left as it is without one (as i18next does). */
export function interpolate(text: string, values: TranslateOptions | undefined): string {
  return text.replace(placeholder, (whole, name: string) => {
    const value = values?.[name];
    if (value === undefined || value === null) return whole;
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

class Translator {
  language = 'en';
  isInitialized = false;
  private fallback = 'en';
  private readonly store: Record<string, Texts> = {};
  private readonly listeners = new Set<Listener>();
  private readonly fixed = new Map<string, TranslateFunction>();

  /** i18next's plugin hook: the React side needs nothing from it. */
  use(plugin: { init?: (instance: Translator) => void }): this {
    plugin.init?.(this);
    return this;
  }

  init(options: InitOptions): Promise<TranslateFunction> {
    for (const [language, namespaces] of Object.entries(options.resources ?? {}))
      this.addResourceBundle(language, 'translation', namespaces.translation ?? {}, true, true);
    this.fallback = options.fallbackLng ?? this.fallback;
    this.language = options.lng ?? this.language;
    this.isInitialized = true;
    return Promise.resolve(this.t);
  }

  get languages(): string[] {
    return this.language === this.fallback ? [this.language] : [this.language, this.fallback];
  }

  get resolvedLanguage(): string {
    return this.language;
  }

  addResourceBundle(
    language: string,
    _namespace: string,
    texts: Texts,
    _deep = true,
    overwrite = false,
  ): this {
    this.store[language] ??= {};
    merge(this.store[language], texts, overwrite);
    return this;
  }

  /** The raw text at `key` (plural form chosen by `count`), in the language asked or the fallback. */
  resolve(key: string, options?: TranslateOptions): unknown {
    const language = options?.lng ?? this.language;
    const count = options?.count;
    for (const code of language === this.fallback ? [language] : [language, this.fallback]) {
      const candidates =
        typeof count === 'number'
          ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(code, count)}`, key]
          : [key];
      for (const candidate of candidates) {
        let node: unknown = this.store[code];
        for (const part of candidate.split('.')) node = isTexts(node) ? node[part] : undefined;
        if (typeof node === 'string' || (options?.returnObjects && isTexts(node))) return node;
      }
    }
    return undefined;
  }

  exists = (key: string, options?: TranslateOptions): boolean => this.resolve(key, options) !== undefined;

  /** A text by key, interpolated; `defaultValue`, or the key itself, when no language has it. */
  t = (key: string, options?: TranslateOptions): string => {
    const found = this.resolve(key, options);
    if (typeof found === 'string') return interpolate(found, options);
    if (found !== undefined) return found as string;
    return options?.defaultValue === undefined ? key : interpolate(options.defaultValue, options);
  };

  /** A `t` for one language (the current one when none is named), the same function for the same language. */
  getFixedT(language?: string | null): TranslateFunction {
    const name = language ?? '';
    let fixed = this.fixed.get(name);
    if (!fixed) {
      fixed = language ? (key, options) => this.t(key, { lng: language, ...options }) : this.t;
      this.fixed.set(name, fixed);
    }
    return fixed;
  }

  changeLanguage(language?: string): Promise<TranslateFunction> {
    if (language && language !== this.language) {
      this.language = language;
      for (const listener of [...this.listeners]) listener(language);
    }
    return Promise.resolve(this.t);
  }

  /** Only `languageChanged`, the one event the app listens to. */
  on(event: 'languageChanged', listener: Listener): this {
    if (event === 'languageChanged') this.listeners.add(listener);
    return this;
  }

  off(event: 'languageChanged', listener: Listener): this {
    if (event === 'languageChanged') this.listeners.delete(listener);
    return this;
  }
}

/** The one translator of the app (i18next's default instance). */
const i18n = new Translator();
export default i18n;
export type { Translator };
