import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import type { Language } from '../../components/admin/admin-resource.js';
import { featuredInsightsResource } from './featured-insights-resource.js';
import { reportTagsResource } from './report-tags-resource.js';
import { reportsResource } from './reports-resource.js';
import { useTagOptions } from './use-options.js';

/** Reports (spec 2 `/auth/config/reports`, `core.view_report`), with a filter by tag. */
export function ReportsScreen() {
  const tags = useTagOptions();
  const resource = useMemo(
    () => ({
      ...reportsResource,
      filters: (t: TFunction, language: Language) => [
        ...(reportsResource.filters?.(t, language) ?? []),
        {
          key: 'tag',
          label: t('reportsAdmin.reports.tagFilter'),
          options: (tags.data?.results ?? []).map((tag) => ({
            value: String(tag.id),
            label: tag.name[language],
          })),
        },
      ],
    }),
    [tags.data],
  );
  return <AdminListScreen resource={resource} />;
}

/** Report tags (spec 2 `/auth/config/report-tags`, `core.view_reporttag`). */
export function ReportTagsScreen() {
  return <AdminListScreen resource={reportTagsResource} />;
}

/** The admin Featured Insights (`/auth/config/featured-insights`, `core.view_featuredinsight`). */
export function FeaturedInsightsScreen() {
  return <AdminListScreen resource={featuredInsightsResource} />;
}
