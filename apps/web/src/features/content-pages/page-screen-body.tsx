import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentNotFound, isNotFound, LoadError } from './load-states.js';
import { PageSkeleton, PageView } from './page-view.js';
import { useContentPage } from './use-content-page.js';

/** A content page by slug with its loading, not-found and error states. */
export function ContentPageBody({ slug, aside }: { slug: string; aside?: ReactNode }) {
  const { t } = useTranslation();
  const query = useContentPage(slug);
  if (query.data) return <PageView page={query.data} aside={aside} />;
  if (query.isPending) return <PageSkeleton />;
  if (isNotFound(query.error)) return <ContentNotFound />;
  return <LoadError text={t('content.common.loadError')} onRetry={() => void query.refetch()} />;
}
