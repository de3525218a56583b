import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReviewStage, TLabel, TPerformance, TPerformanceRow } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '../reports/chart-panel.js';
import { MetricTable } from '../reports/metric-table.js';
import { metricData, stateRows, totalRows, allFigures, type FigureKey } from './performance-data.js';
import './texts.js';

/** Labels in the page's language, shaped as the chart components take them. */
function useLabels() {
  const { t, i18n } = useTranslation();
  const same = (text: string): TLabel => ({ en: text, fr: text });
  const stageName = (stage: string) => t(`performance.stage.${stage}`, { defaultValue: stage });
  return {
    stageName,
    figure: (figure: FigureKey) => same(t(`performance.figure.${figure}`)),
    state: (row: TPerformanceRow) =>
      same(
        row.country
          ? i18n.language === 'fr'
            ? row.country.name_fr
            : row.country.name_en
          : t('performance.allStates'),
      ),
    stage: (row: TPerformanceRow) => same(stageName(row.stage)),
  };
}

/** Every stage over all partner states: one table of every figure. */
export function PerformanceSummary({ figures }: { figures: TPerformance }) {
  const { t } = useTranslation();
  const labels = useLabels();
  return (
    <Box data-testid="performance-summary" sx={{ mb: 4 }}>
      <MetricTable
        data={metricData(totalRows(figures), allFigures, labels.stage, labels.figure)}
        caption={t('performance.summaryCaption')}
      />
    </Box>
  );
}

/** One review stage: the counts, the days and the share within the deadline per partner state, as charts with their tables. */
export function PerformanceStage({ figures, stage }: { figures: TPerformance; stage: ReviewStage }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const rows = stateRows(figures, stage);
  const name = labels.stageName(stage);
  const headingId = `performance-stage-${stage}`;
  // A share is drawn for the states it exists for (something resolved, an answer given), not as empty rows.
  const chart = (title: string, keys: FigureKey[], testId: string, shown = rows) => (
    <Box data-testid={testId} sx={{ mb: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <ChartPanel
        data={metricData(shown, keys, labels.state, labels.figure)}
        kind="bar"
        height={Math.max(240, shown.length * 90)}
        title={title}
      />
    </Box>
  );
  const resolved = rows.some((row) => row.resolved > 0);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`performance-stage-${stage}`}
      sx={{ p: { xs: 1.5, sm: 3 }, mb: 3 }}
    >
      <Typography id={headingId} component="h2" variant="h2" sx={{ mb: 2 }}>
        {t('performance.stageHeading', { stage: name })}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('performance.stageEmpty')}</Typography>
      ) : (
        <>
          {chart(
            t('performance.countsCaption', { stage: name }),
            ['received', 'resolved', 'rejected', 'forwarded', 'open', 'overdue'],
            `performance-counts-${stage}`,
          )}
          {chart(
            t('performance.daysCaption', { stage: name }),
            ['median', 'p90'],
            `performance-days-${stage}`,
          )}
          {resolved ? (
            <>
              {chart(
                t('performance.shareCaption', { stage: name }),
                ['share'],
                `performance-share-${stage}`,
                rows.filter((row) => row.resolved > 0),
              )}
              {rows.some((row) => row.feedback_answered > 0) ? (
                chart(
                  t('performance.confirmedCaption', { stage: name }),
                  ['confirmedShare', 'answered', 'confirmed'],
                  `performance-confirmed-${stage}`,
                  rows.filter((row) => row.feedback_answered > 0),
                )
              ) : (
                <Typography color="text.secondary">{t('performance.noneAnswered')}</Typography>
              )}
            </>
          ) : (
            <Typography color="text.secondary">{t('performance.noneResolved')}</Typography>
          )}
        </>
      )}
    </Paper>
  );
}
