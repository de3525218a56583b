import type { TMetricData } from '@stp/shared';
import Box from '@mui/material/Box';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { frFR } from '@mui/x-charts/locales';
import { useTranslation } from 'react-i18next';
import { InsightChart } from '../home/insight-chart.js';
import { useInsightLocale } from './texts.js';

export type ChartKind = 'bar' | 'line' | 'pie';

// Room for the tick labels under the x axis: with the default, the labels of the portal's font were
// measured taller than the space and ellipsized to nothing.
const axisHeight = 36;

/**
 * A data set drawn with MUI X Charts (free), bars as plain SVG. Screen readers get a short description; the same numbers
 * are in the table alternative beside every chart.
 */
export function MetricChart({
  data,
  kind,
  height,
  title,
}: {
  data: TMetricData;
  kind: ChartKind;
  height: number;
  title: string;
}) {
  const { t } = useTranslation();
  const { language, label, value } = useInsightLocale();
  // Bars as plain SVG and text (insight-chart.tsx): every name written in full and wrapped, never cut to
  // fit an axis of fixed width, the bars sorted longest first, each value written after its bar.
  if (kind === 'bar')
    return (
      <InsightChart
        data={data}
        kind="bar"
        label={t('reports.chartOf', { title })}
        text={label}
        format={value}
        height={height}
      />
    );
  const categories = data.categories.map((category) => label(category.label));
  const series = data.series.map((s) => ({
    id: s.key,
    label: label(s.label),
    data: s.values,
    valueFormatter: (v: number | null) => value(v),
  }));
  const oneSeries = series.length < 2;

  let chart;
  if (kind === 'pie') {
    const first = data.series[0];
    chart = (
      <PieChart
        height={height}
        series={[
          {
            data: data.categories.map((category, i) => ({
              id: category.key,
              label: label(category.label),
              value: first?.values[i] ?? 0,
            })),
            innerRadius: '45%',
            paddingAngle: 1,
            cornerRadius: 3,
            valueFormatter: (item) => value(item.value),
          },
        ]}
        // Under the pie: beside it, long labels (French ones above all) left a phone's pie a few pixels wide.
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
        }}
      />
    );
  } else {
    chart = (
      <LineChart
        height={height}
        xAxis={[{ scaleType: 'point', data: categories, height: axisHeight }]}
        // Straight segments between the years: a smoothed curve draws values no year had.
        series={series.map((s) => ({ ...s, curve: 'linear' as const, showMark: categories.length <= 20 }))}
        grid={{ horizontal: true }}
        hideLegend={oneSeries}
      />
    );
  }
  return (
    <ChartsLocalizationProvider
      localeText={
        language === 'fr' ? frFR.components.MuiChartsLocalizationProvider.defaultProps.localeText : undefined
      }
    >
      <Box role="img" aria-label={t('reports.chartOf', { title })} sx={{ width: '100%', minWidth: 0 }}>
        {chart}
      </Box>
    </ChartsLocalizationProvider>
  );
}
