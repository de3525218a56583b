import type { TMetricData, TReport, TReportData } from '@stp/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InsightChart } from './insight-chart.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

// MUI X Charts (about 120 KB of script) only for a visitor who asks to explore a chart: its tooltips
// and highlights. The first view draws the same numbers as plain SVG (insight-chart.tsx).
const loadChartPanel = () => import('../reports/chart-panel.js');
const ChartPanel = lazy(() => loadChartPanel().then((module) => ({ default: module.ChartPanel })));

const isEmpty = (data: TMetricData) =>
  data.series.length === 0 || data.series.every((series) => series.values.every((value) => !value));

/** A language's label picker and number format. */
function useLocale() {
  const { i18n } = useTranslation();
  const language: 'en' | 'fr' = i18n.language === 'fr' ? 'fr' : 'en';
  const numbers = new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 3 });
  return {
    text: (label: { en: string; fr: string }) => label[language],
    format: (value: number | null | undefined) =>
      value === null || value === undefined ? '–' : numbers.format(value),
  };
}

/** The numbers of a data set as a table with a caption: one row per category, one column per series. */
function DataTable({ data, caption }: { data: TMetricData; caption: string }) {
  const { t } = useTranslation();
  const { text, format } = useLocale();
  const cell = { borderBottom: 1, borderColor: 'divider', px: 1, py: 0.75, textAlign: 'right' } as const;
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', fontSize: '0.875rem' }}>
        <Box
          component="caption"
          sx={{ captionSide: 'top', textAlign: 'left', color: 'text.secondary', pb: 0.5 }}
        >
          {caption}
        </Box>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...cell, textAlign: 'left' }}>
              {t('homePage.featured.category')}
            </Box>
            {data.series.map((series) => (
              <Box component="th" scope="col" key={series.key} sx={cell}>
                {text(series.label)}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.categories.map((category, i) => (
            <tr key={category.key}>
              <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', fontWeight: 'normal' }}>
                {text(category.label)}
              </Box>
              {data.series.map((series) => (
                <Box component="td" key={series.key} sx={cell}>
                  {format(series.values[i])}
                </Box>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** A chart drawn as SVG with its table behind a disclosure, and a button that loads the interactive chart. */
function Chart({ report, data, title }: { report: TReport; data: TMetricData; title: string }) {
  const { t } = useTranslation();
  const { text, format } = useLocale();
  const [explore, setExplore] = useState(false);
  const kind = report.display_type === 'line' || report.display_type === 'pie' ? report.display_type : 'bar';
  const drawn = (
    <>
      <InsightChart
        data={data}
        kind={kind}
        label={t('homePage.featured.chartOf', { title })}
        text={text}
        format={format}
        height={report.display_height}
      />
      <Box
        component="details"
        sx={{ mt: 1.5, '& > summary': { cursor: 'pointer', color: 'primary.main', fontWeight: 600, mb: 1 } }}
      >
        <summary>{t('homePage.featured.showTable')}</summary>
        <DataTable data={data} caption={title} />
      </Box>
    </>
  );
  if (explore)
    return (
      <Suspense fallback={drawn}>
        <ChartPanel data={data} kind={kind} height={report.display_height} title={title} />
      </Suspense>
    );
  return (
    <>
      {drawn}
      <Button
        size="small"
        sx={{ mt: 1 }}
        // Fetched as the pointer comes near or focus arrives: by the click it is often there.
        onPointerEnter={() => void loadChartPanel()}
        onFocus={() => void loadChartPanel()}
        onClick={() => setExplore(true)}
        data-testid="explore-chart"
      >
        {t('homePage.featured.explore')}
        <Box component="span" sx={visuallyHidden}>
          {`: ${title}`}
        </Box>
      </Button>
    </>
  );
}

/**
 * A featured insight's report, from the data the home answer carries: bars, a line or a ring drawn as
 * SVG (the same on the server), a table, a key figure or a link to an external page; the spec's sentence
 * in its place when its data could not be computed.
 */
export function InsightReport({ report, reportData }: { report: TReport; reportData: TReportData | null }) {
  const { t, i18n } = useTranslation();
  const { format } = useLocale();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const title = report.title[language] || report.title.en;
  let body;
  if (!reportData) body = <Typography role="status">{t('homePage.featured.failed')}</Typography>;
  else if (reportData.kind === 'embed')
    body = (
      <Typography>
        {t('homePage.featured.embedText')}{' '}
        <a href={reportData.url} target="_blank" rel="noopener noreferrer">
          {t('homePage.featured.embedOpen')}
          <Box component="span" sx={visuallyHidden}>
            {` ${title} ${t('homePage.featured.newWindow')}`}
          </Box>
        </a>
      </Typography>
    );
  else if (report.display_type === 'key_figure')
    body = (
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
          {format(reportData.data.total)}
        </Typography>
        <Typography component="p" color="text.secondary">
          {report.description[language] || report.description.en || title}
        </Typography>
      </Box>
    );
  else if (isEmpty(reportData.data) && reportData.data.series.length > 0)
    body = <Typography color="text.secondary">{t('homePage.featured.noData')}</Typography>;
  else if (report.display_type === 'table' || report.display_type === 'embed')
    body = <DataTable data={reportData.data} caption={title} />;
  else body = <Chart report={report} data={reportData.data} title={title} />;
  return <Box data-testid={`report-${report.slug}`}>{body}</Box>;
}
