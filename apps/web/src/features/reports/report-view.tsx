import { insightsApiPaths, pairInLanguage, type TReport, type TReportData } from '@stp/shared';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { ShownText } from '../../components/shown-text.js';
import { ChartPanel } from './chart-panel.js';
import { useInsightLocale } from './texts.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; body: TReportData };

/** Reads a report's rendered data; any failure (network, 4xx, 5xx, a bad answer) is just "failed". */
function useReportData(slug: string): Loaded {
  const [state, setState] = useState<{ slug: string; loaded: Loaded } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const settle = (loaded: Loaded) => {
      if (!controller.signal.aborted) setState({ slug, loaded });
    };
    api
      .request<TReportData>(insightsApiPaths.reportData(slug), { signal: controller.signal })
      .then((body) =>
        settle(
          body && (body.kind === 'embed' || body.data) ? { status: 'ready', body } : { status: 'failed' },
        ),
      )
      .catch(() => settle({ status: 'failed' }));
    return () => controller.abort();
  }, [slug]);
  return state?.slug === slug ? state.loaded : { status: 'loading' };
}

/** One big number with its label. */
export function KeyFigure({ value, label }: { value: string; label: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 3 }}>
      <Typography
        component="p"
        sx={{
          fontSize: { xs: '2.75rem', sm: '3.5rem' },
          fontWeight: 700,
          lineHeight: 1.1,
          color: 'primary.main',
        }}
      >
        {value}
      </Typography>
      <Typography component="p" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** An external report: a link card (the portal's CSP allows no third-party frames; see docs/insights.md). */
export function EmbedLink({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography sx={{ mb: 1 }}>{t('reports.embedText')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, wordBreak: 'break-all' }}>
        {new URL(url).host}
      </Typography>
      <Button variant="outlined" href={url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNew />}>
        {t('reports.embedOpen')}
        <Box component="span" sx={visuallyHidden}>
          {` ${title} ${t('reports.newWindow')}`}
        </Box>
      </Button>
    </Paper>
  );
}

/**
 * A report rendered by its display type (bar, line, pie, table, key figure, external embed) at its
 * display height. On any failure it shows the spec's sentence in its place; other reports are unaffected.
 */
export function ReportView({ report, showTitle = false }: { report: TReport; showTitle?: boolean }) {
  const { t } = useTranslation();
  const { label, value, language } = useInsightLocale();
  const state = useReportData(report.slug);
  const title = label(report.title);
  const height = report.display_height;

  let body;
  if (state.status === 'loading') body = <Skeleton variant="rounded" height={height} />;
  else if (state.status === 'failed')
    body = (
      <Alert severity="warning" data-testid="report-failed">
        {t('reports.failed')}
      </Alert>
    );
  else if (state.body.kind === 'embed') body = <EmbedLink url={state.body.url} title={title} />;
  else if (report.display_type === 'key_figure')
    body = <KeyFigure value={value(state.body.data.total)} label={label(report.description) || title} />;
  else {
    const kind = report.display_type === 'embed' ? 'table' : report.display_type;
    body = <ChartPanel data={state.body.data} kind={kind} height={height} title={title} />;
  }
  return (
    <Box
      data-testid={`report-${report.slug}`}
      aria-busy={state.status === 'loading'}
      sx={{ minHeight: state.status === 'failed' ? undefined : Math.min(height, 200) }}
    >
      {showTitle && (
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          <ShownText text={pairInLanguage(report.title, language)} />
        </Typography>
      )}
      {body}
    </Box>
  );
}

export default ReportView;
