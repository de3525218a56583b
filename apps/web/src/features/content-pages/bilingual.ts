import { useTranslation } from 'react-i18next';

/** The interface language as the API's `lang` (en or fr). */
export function useLang(): 'en' | 'fr' {
  const { i18n } = useTranslation();
  return i18n.language.startsWith('fr') ? 'fr' : 'en';
}

/** The text of a `{ en, fr }` pair in the interface language, falling back to English when empty. */
export function useBilingual(): (text: { en: string; fr: string } | null | undefined) => string {
  const lang = useLang();
  return (text) => (text ? text[lang] || text.en : '');
}
