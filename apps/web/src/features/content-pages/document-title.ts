import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the record on screen (a page's or publication's own title). */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (title) document.title = `${title} | ${t('app.name')}`;
  }, [title, t]);
}
