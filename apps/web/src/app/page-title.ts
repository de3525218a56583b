import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/**
 * Sets the document title from the deepest matched route's id (`routes.<id>` in the locale files). A layout
 * effect: it runs before every passive effect, so a screen's own record title (`usePageHead`, a passive
 * effect in a child, which would otherwise run first and be overwritten by this parent) has the last word.
 */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const deepest = matches[matches.length - 1];
  const id = deepest?.id;
  useLayoutEffect(() => {
    const app = t('app.name');
    const key = `routes.${id}`;
    document.title = id && id !== 'home' && t(key) !== key ? `${t(key)} | ${app}` : app;
  }, [id, t]);
}
