import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import {
  compactParams,
  insightsApiPaths,
  reportParamsSchemaOf,
  type TMetricData,
  type TReportParams,
} from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.js';
import { apiQuery } from '../../api/query.js';
import { translateMessage } from '../../i18n/index.js';
import { ChartPanel } from '../reports/chart-panel.js';
import { EmbedLink, KeyFigure } from '../reports/report-view.js';
import { useInsightLocale } from '../reports/texts.js';
import { reportsAdminTexts } from './texts.js';

void reportsAdminTexts;

/** What the form holds while it is edited: the preview reads it as it changes. */
export interface PreviewInput {
  displayType: string;
  displayHeight: number;
  params: unknown;
  title: string;
  description: string;
}

/** The value after the user stopped changing it for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/** The preview call's query string: the params flattened as `GET /api/reports/preview/` reads them. */
function previewQuery(params: TReportParams): Record<string, string> {
  const query: Record<string, string> = { metric: params.metric };
  if (params.dimension) query.dimension = params.dimension;
  for (const [key, value] of Object.entries(params.filters ?? {}))
    if (value !== undefined) query[key] = String(value);
  return query;
}

const clampHeight = (height: number) =>
  Number.isFinite(height) ? Math.min(Math.max(Math.round(height), 80), 2000) : 360;

/**
 * The report as the public will see it, computed live by the public preview call from the params being
 * edited (debounced). The public renderer draws it: chart with its table alternative, key figure, embed.
 */
export function ReportPreview({ input }: { input: PreviewInput }) {
  const { t } = useTranslation();
  const { value } = useInsightLocale();
  const settled = useSettled(input, 400);
  const parsed = reportParamsSchemaOf(settled.displayType).safeParse(compactParams(settled.params ?? {}));
  const metricParams =
    parsed.success && settled.displayType !== 'embed' ? (parsed.data as TReportParams) : null;
  const query = useQuery({
    ...apiQuery<TMetricData>(insightsApiPaths.reportPreview, metricParams ? previewQuery(metricParams) : {}),
    enabled: metricParams !== null,
    placeholderData: keepPreviousData,
  });
  const height = clampHeight(settled.displayHeight);
  const title = settled.title || t('reportsAdmin.reports.preview.label');

  let body;
  if (settled.displayType === 'embed')
    body = parsed.success ? (
      <EmbedLink url={(parsed.data as { url: string }).url} title={title} />
    ) : (
      <Alert severity="info">{t('reportsAdmin.reports.preview.embed')}</Alert>
    );
  else if (!metricParams)
    body = <Alert severity="info">{t('reportsAdmin.reports.preview.incomplete')}</Alert>;
  else if (query.isError) {
    const reason =
      query.error instanceof ApiError
        ? Object.values(query.error.fieldErrors).map(translateMessage).join(' ') || query.error.message
        : String(query.error);
    body = <Alert severity="warning">{t('reportsAdmin.reports.preview.failed', { reason })}</Alert>;
  } else if (!query.data) body = <Skeleton variant="rounded" height={height} />;
  else if (settled.displayType === 'key_figure')
    body = <KeyFigure value={value(query.data.total)} label={settled.description || title} />;
  else
    body = (
      <ChartPanel
        data={query.data}
        kind={settled.displayType as 'bar' | 'line' | 'pie' | 'table'}
        height={height}
        title={title}
      />
    );

  return (
    <Box
      component="section"
      aria-label={t('reportsAdmin.reports.preview.title')}
      aria-busy={query.isFetching}
      data-testid="report-preview"
      sx={{ minWidth: 0 }}
    >
      <Box sx={{ height: 4, mb: 1 }}>
        {query.isFetching && <LinearProgress aria-label={t('reportsAdmin.reports.preview.updating')} />}
      </Box>
      {body}
    </Box>
  );
}

export default ReportPreview;
