import type { TMetricData } from '@stp/shared';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeatmapTable } from './heatmap-table.js';
import { MetricChart, type ChartKind } from './metric-chart.js';
import { MetricTable } from './metric-table.js';
import { isEmptyData } from './texts.js';

export type PanelKind = ChartKind | 'heatmap' | 'table';

/**
 * A chart with its accessible alternative: a "Show as table" switch swaps the drawing for a captioned
 * table of the same numbers. A heat map or a table is already a table.
 */
export function ChartPanel({
  data,
  kind,
  height,
  title,
  actions,
}: {
  data: TMetricData;
  kind: PanelKind;
  height: number;
  title: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const regionId = useId();
  if (isEmptyData(data) && data.series.length > 0)
    return <Typography color="text.secondary">{t('reports.noData')}</Typography>;
  if (kind === 'heatmap') return <HeatmapTable data={data} title={title} />;
  if (kind === 'table') return <MetricTable data={data} caption={title} maxHeight={height} />;
  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1,
        }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={asTable}
              onChange={(event) => setAsTable(event.target.checked)}
              slotProps={{ input: { 'aria-controls': regionId } }}
            />
          }
          label={t('reports.showTable')}
        />
        {actions}
      </Box>
      <Box id={regionId}>
        {asTable ? (
          <MetricTable data={data} caption={title} maxHeight={height} />
        ) : (
          <MetricChart data={data} kind={kind} height={height} title={title} />
        )}
      </Box>
    </Box>
  );
}
