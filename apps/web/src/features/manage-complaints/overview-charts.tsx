import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

export interface ChartBar {
  label: string;
  value: number;
}

/** A horizontal bar chart of counts (its own chunk: the chart library loads with the Overview only). */
export function CountsChart(props: { bars: ChartBar[]; description: string; seriesLabel: string }) {
  const theme = useTheme();
  const height = Math.max(140, props.bars.length * 34 + 40);
  return (
    <Box role="img" aria-label={props.description} sx={{ width: '100%' }}>
      <BarChart
        layout="horizontal"
        height={height}
        yAxis={[{ scaleType: 'band', data: props.bars.map((bar) => bar.label), width: 110 }]}
        xAxis={[{ tickMinStep: 1, position: 'none' }]}
        series={[
          {
            data: props.bars.map((bar) => bar.value),
            label: props.seriesLabel,
            color: theme.palette.primary.main,
            barLabel: 'value',
            barLabelPlacement: 'outside',
          },
        ]}
        hideLegend
        margin={{ left: 4, right: 36, top: 4, bottom: 4 }}
      />
    </Box>
  );
}

export default CountsChart;
