// @vitest-environment node
// The featured charts render on the server: here with no window, document or storage at all.
import type { TMetricData, TReport } from '@stp/shared';
import { ThemeProvider } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

// The web project's setup clears these after each test; the server has none.
const storage = { clear() {}, getItem: () => null, setItem() {} };
Object.assign(globalThis, { localStorage: storage, sessionStorage: storage });

const { applyLocale } = await import('../../i18n/index.js');
await import('./use-home-data.js');
const { createAppTheme } = await import('../../theme/theme.js');
const { InsightReport } = await import('./insight-report.js');
const { sortedForBars } = await import('./insight-chart.js');

const label = (en: string, fr = en) => ({ en, fr });
const data: TMetricData = {
  metric: 'restrictions_by_country',
  dimension: 'country',
  unit: 'count',
  categories: [
    { key: 'KE', label: label('Kenya') },
    { key: 'UG', label: label('Uganda', 'Ouganda') },
    { key: 'TZ', label: label('Tanzania', 'Tanzanie') },
  ],
  series: [{ key: 'count', label: label('Restrictions'), values: [1234, 0, null] }],
  total: 1234,
};
const report = (display_type: TReport['display_type']): TReport => ({
  slug: `r-${display_type}`,
  title: label('By country', 'Par pays'),
  description: label(''),
  display_type,
  index: 1,
  display_height: 300,
});

function html(
  type: TReport['display_type'],
  reportData: unknown = { report: report(type), kind: 'data', data },
) {
  return renderToString(
    <ThemeProvider theme={createAppTheme('light')}>
      <InsightReport report={report(type)} reportData={reportData as never} />
    </ThemeProvider>,
  );
}
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('a featured report rendered on the server', () => {
  it('draws bars with each name and value, the table behind a disclosure, and the explore button', async () => {
    await applyLocale('en');
    const bars = html('bar');
    expect(bars).toContain('data-testid="report-r-bar"');
    expect(bars).toContain('role="img" aria-label="Chart: By country. The same data is in the table');
    expect(count(bars, /<rect /g)).toBe(3);
    expect(bars).toContain('Uganda');
    expect(bars).toContain('1,234');
    expect(bars).toMatch(/<details[^>]*><summary>Show as table<\/summary>/);
    expect(bars).toMatch(/<caption[^>]*>By country<\/caption>/);
    expect(bars).toContain('Explore the chart');
    // No charting library in the first view: none of MUI X Charts' class names.
    expect(bars).not.toContain('MuiCharts');
    // The same input renders the same HTML (nothing measured, nothing random).
    expect(html('bar')).toBe(bars);
  });

  it('draws a line of points and a ring of slices, in French', async () => {
    await applyLocale('fr');
    const line = html('line');
    expect(count(line, /<circle /g)).toBe(2); // the null value has no point
    expect(count(line, /<line /g)).toBe(2); // the axis and the one segment between two points
    expect(line).toContain('Afficher sous forme de tableau');
    const ring = html('pie');
    expect(count(ring, /<path /g)).toBe(1); // only Kenya has a share
    expect(ring).toContain('Ouganda : 0'.replace(' :', ':'));
    expect(ring).toContain('1\u202f234');
    await applyLocale('en');
  });

  it('sorts the bars longest first, values following their names; years keep their order', async () => {
    await applyLocale('en');
    const unsorted: TMetricData = {
      ...data,
      series: [{ key: 'count', label: label('Restrictions'), values: [5, 30, 12] }],
    };
    const bars = html('bar', { report: report('bar'), kind: 'data', data: unsorted });
    const order = (names: string[]) => names.map((name) => bars.indexOf(name));
    expect(order(['Uganda', 'Tanzania', 'Kenya']).every((at, i, all) => at > (all[i - 1] ?? -1))).toBe(true);
    const values = [...bars.matchAll(/data-testid="bar-value"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(values).toEqual(['30', '12', '5']);
    const years = sortedForBars({
      categories: ['2019', '2020', '2021'].map((key) => ({ key, label: label(key) })),
      series: [{ key: 'count', label: label('Measures'), values: [3, 9, 1] }],
    });
    expect(years.categories.map((category) => category.key)).toEqual(['2019', '2020', '2021']);
  });

  it('writes the spec sentence when the data could not be computed, and a table or key figure as such', async () => {
    await applyLocale('en');
    expect(html('bar', null)).toContain('The report could not be loaded at this time.');
    const table = html('table');
    expect(table).toContain('<table');
    expect(table).not.toContain('<svg');
    expect(html('key_figure')).toContain('1,234');
  });
});
