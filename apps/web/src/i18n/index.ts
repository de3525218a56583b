import { defaultLocale, supportedLocales, type Locale } from '@stp/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { rememberInCookie } from '../ssr/visitor-cookies.js';
import en from './en.json';

/** English ships with the app; French is fetched the first time it is needed, to keep the first load small. */
const loaders: Record<Locale, () => Promise<Record<string, unknown>>> = {
  en: async () => en,
  fr: () => import('./fr.json').then((module) => module.default),
};

/** Where a visitor's language choice is kept (signed-in users keep theirs in the profile). */
export const visitorLocaleKey = 'stp.locale';

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

function storedVisitorLocale(): Locale {
  try {
    const stored = localStorage.getItem(visitorLocaleKey);
    return isSupportedLocale(stored) ? stored : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  supportedLngs: [...supportedLocales],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

function applyDocumentLanguage(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'fr' ? 'fr' : 'en-GB';
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** The interface language now. */
export function currentLocale(): Locale {
  return isSupportedLocale(i18n.language) ? i18n.language : defaultLocale;
}

// The app's own texts per language, once loaded (feature chunks add theirs to the same bundle).
const loadedLocales = new Set<Locale>(['en']);

/** Loads a language's texts (once) and makes it the interface language. */
export async function applyLocale(locale: Locale): Promise<void> {
  if (!loadedLocales.has(locale)) {
    i18n.addResourceBundle(locale, 'translation', await loaders[locale](), true, false);
    loadedLocales.add(locale);
  }
  if (locale === 'fr') await loadFeatureFrench();
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

// Features whose French texts are fetched when French is first needed (registerTexts with a loader).
const frenchLoaders: (() => Promise<Texts>)[] = [];
let frenchLoaded: Promise<void> = Promise.resolve();

function loadFeatureFrench(): Promise<void> {
  const pending = frenchLoaders.splice(0);
  if (pending.length === 0) return frenchLoaded;
  const loading = Promise.all(
    pending.map(async (load) => {
      // A French chunk that fails to load leaves the English texts (the fallback language) in its place.
      const texts = await load().catch(() => null);
      if (texts) i18n.addResourceBundle('fr', 'translation', texts, true, false);
    }),
  );
  frenchLoaded = Promise.all([frenchLoaded, loading]).then(() => undefined);
  return frenchLoaded;
}

/**
 * Settles once the texts of the features registered so far are there in every language loaded: a screen
 * renders after it (app/router.tsx, main.tsx, entry-server.tsx), so no French reader sees a missing text.
 */
export function textsReady(): Promise<void> {
  return loadedLocales.has('fr') ? loadFeatureFrench() : Promise.resolve();
}

type Texts = { [key: string]: string | Texts };

/**
 * Adds the texts a feature chunk brings (its own `i18n/en.json` and `fr.json`, one top-level key per
 * feature) to the app's texts, so a feature's words travel with its code and not in the first load.
 * A `messages` section there extends `translateMessage` like the app's own. `fr` may be a loader (a
 * dynamic import of the JSON): the French then travels in a chunk of its own, fetched when French is
 * first needed, and an English reader does not download it (the JavaScript budget, issue 30).
 */
export function registerTexts(texts: { en: Texts; fr: Texts | (() => Promise<Texts>) }): void {
  i18n.addResourceBundle('en', 'translation', texts.en, true, false);
  if (typeof texts.fr === 'function') {
    frenchLoaders.push(texts.fr);
    if (loadedLocales.has('fr')) void loadFeatureFrench();
  } else i18n.addResourceBundle('fr', 'translation', texts.fr, true, false);
  const featureMessages = texts.en.messages;
  if (featureMessages && typeof featureMessages === 'object')
    for (const [key, text] of Object.entries(featureMessages))
      if (typeof text === 'string') englishMessages.set(text, key);
}

/** The language a visitor chose earlier on this browser; to apply before the first render. */
export function startLocale(): Promise<void> {
  return applyLocale(storedVisitorLocale());
}

/** Switches the interface language; a visitor's choice is remembered in local storage. */
export function switchLocale(locale: string, remember = false): void {
  if (!isSupportedLocale(locale)) return;
  if (remember) {
    try {
      localStorage.setItem(visitorLocaleKey, locale);
    } catch {
      // Private browsing without storage: the choice lasts for this page only.
    }
    rememberInCookie('locale', locale);
  }
  void applyLocale(locale);
}

const englishMessages = new Map<string, string>(
  Object.entries(en.messages).map(([key, text]) => [text, key] as const),
);

/**
 * The server and the shared zod schemas speak English; a message they send is shown in the interface
 * language when en.json knows it under `messages`, and as sent otherwise.
 */
export function translateMessage(text: string): string {
  const key = englishMessages.get(text);
  return key ? i18n.t(`messages.${key}`) : text;
}

export { i18n };
