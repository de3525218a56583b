import ArrowBack from '@mui/icons-material/ArrowBack';
import CompareArrows from '@mui/icons-material/CompareArrows';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { insightsApiPaths, type TIndicatorDetail } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { apiUrl } from '../../api/client.js';
import { apiQuery } from '../../api/query.js';
import { ApiError } from '../../api/api-error.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { NotFoundScreen } from '../errors/not-found-screen.js';
import { ChartPanel } from '../reports/chart-panel.js';
import { useInsightLocale } from '../reports/texts.js';
import './texts.js';
import { excerpt, usePageHead } from '../../ssr/page-render.js';

/** One indicator (spec 2, `/public/indicator/{slug}`): its chart, the table alternative and a CSV download. */
export function IndicatorScreen() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { language, label, value } = useInsightLocale();
  const query = useQuery(apiQuery<TIndicatorDetail>(insightsApiPaths.indicator(slug)));
  usePageHead(
    query.data && label(query.data.title),
    query.data && (excerpt(label(query.data.description)) || undefined),
  );
  const back = (
    <Link
      component={RouterLink}
      to="/public/indicators"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
    >
      <ArrowBack fontSize="small" aria-hidden="true" />
      {t('indicators.back')}
    </Link>
  );
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundScreen />;
  const indicator = query.data;
  const title = indicator ? label(indicator.title) : '';
  const download = indicator && (
    <Button
      variant="outlined"
      startIcon={<Download />}
      href={apiUrl(insightsApiPaths.indicatorCsv(indicator.slug), { lang: language })}
      download={`${indicator.slug}.csv`}
      data-testid="indicator-csv"
    >
      {t('indicators.download')}
    </Button>
  );
  return (
    <>
      {back}
      {query.isError && <Alert severity="error">{t('reports.failed')}</Alert>}
      {query.isPending && (
        <Box aria-busy="true">
          <Skeleton variant="text" sx={{ fontSize: '2.5rem', maxWidth: 480 }} />
          <Skeleton variant="rounded" height={400} />
        </Box>
      )}
      {indicator && (
        <>
          <ScreenHeading title={title} intro={label(indicator.description)} />
          {indicator.data.unit === 'index' && indicator.data.total !== null && (
            <Typography sx={{ mb: 2, fontWeight: 600 }}>
              {t('indicators.overall', { value: value(indicator.data.total) })}
            </Typography>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }} data-testid="indicator-chart">
            {(indicator.chart_type === 'heatmap' || indicator.chart_type === 'table') && (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{download}</Box>
            )}
            <ChartPanel
              data={indicator.data}
              kind={indicator.chart_type}
              height={indicator.chart_type === 'bar' && indicator.data.categories.length > 6 ? 480 : 380}
              title={title}
              actions={download}
            />
          </Paper>
          <Link
            component={RouterLink}
            to="/public/compare"
            data-testid="compare-link"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 2 }}
          >
            <CompareArrows fontSize="small" aria-hidden="true" />
            {t('compareLink.indicators')}
          </Link>
        </>
      )}
    </>
  );
}
