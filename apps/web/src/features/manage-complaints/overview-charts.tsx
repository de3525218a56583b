import { useTranslation } from 'react-i18next';
import { InsightChart } from '../home/insight-chart.js';

export interface ChartBar {
  label: string;
  value: number;
}

/**
 * A bar chart of counts, longest first, each name written in full above its bar (never cut to fit an
 * axis) and each count after it: the plain SVG bars of the featured insights.
 */
export function CountsChart(props: { bars: ChartBar[]; description: string; seriesLabel: string }) {
  const { i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language === 'fr' ? 'fr-FR' : 'en-GB');
  const same = (text: string) => ({ en: text, fr: text });
  const data = {
    categories: props.bars.map((bar, i) => ({ key: `${i}`, label: same(bar.label) })),
    series: [{ key: 'count', label: same(props.seriesLabel), values: props.bars.map((bar) => bar.value) }],
  };
  return (
    <InsightChart
      data={data}
      kind="bar"
      label={props.description}
      text={(label) => label.en}
      format={(value) => (value === null || value === undefined ? '–' : numbers.format(value))}
      height={0}
    />
  );
}

export default CountsChart;
