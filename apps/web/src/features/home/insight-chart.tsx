import type { TMetricData } from '@stp/shared';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

export type SvgChartKind = 'bar' | 'line' | 'pie';

/** What the drawing needs of a data set: its categories and series. */
type ChartData = Pick<TMetricData, 'categories' | 'series'>;

// Colours of the series (bars, lines) and of a pie's slices, each at least 3:1 against the paper of its
// mode (WCAG 1.4.11); every value is also written beside its mark and in the table alternative.
const palettes = {
  light: ['#0b5a8c', '#1d6b35', '#8a4b00', '#7b3fa0', '#b3261e', '#00677a', '#5d5c00', '#8c1d5a'],
  dark: ['#8ecdf5', '#9ad9a8', '#ffc870', '#d7b0f0', '#ff9b94', '#7fdbe8', '#e0e07a', '#f5a8cf'],
} as const;

interface ChartProps {
  data: ChartData;
  kind: SvgChartKind;
  /** The chart's accessible name. */
  label: string;
  /** A server label in the page's language. */
  text: (label: { en: string; fr: string }) => string;
  /** A value as the page writes it. */
  format: (value: number | null | undefined) => string;
  /** The report's display height: the line chart's height (bars and pies take what they need). */
  height: number;
}

/**
 * A featured report drawn as plain SVG: horizontal bars with their values, a line of points or a ring,
 * with the labels written out. No measuring and no window: it renders the same on the server as in the
 * browser, at any width (x positions are percentages), and costs the first view no charting library.
 */
export function InsightChart(props: ChartProps) {
  const theme = useTheme();
  const colours = palettes[theme.palette.mode];
  const common = { ...props, colours, ink: theme.palette.text.primary, muted: theme.palette.text.secondary };
  const legend =
    props.kind !== 'pie' && props.data.series.length > 1
      ? props.data.series.map((series, i) => ({
          key: series.key,
          label: props.text(series.label),
          colour: colours[i % colours.length] ?? '',
        }))
      : null;
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      {props.kind === 'pie' ? (
        <Ring {...common} />
      ) : props.kind === 'line' ? (
        <Line {...common} />
      ) : (
        <Bars {...common} />
      )}
      {legend && <Legend items={legend} />}
    </Box>
  );
}

type DrawProps = ChartProps & { colours: readonly string[]; ink: string; muted: string };

const maxOf = (data: ChartData) =>
  Math.max(0, ...data.series.flatMap((series) => series.values.map((value) => value ?? 0)));

// Categories that are years keep their order: sorting them by value would scramble the time line.
const isYear = (key: string) => /^\d{4}$/.test(key);

/**
 * The categories longest bar first (by the sum of the series), the series' values following them; years
 * stay in their order.
 */
export function sortedForBars<T extends ChartData>(data: T): T {
  if (data.categories.length > 0 && data.categories.every((category) => isYear(category.key))) return data;
  const total = (i: number) => data.series.reduce((sum, series) => sum + (series.values[i] ?? 0), 0);
  const order = data.categories.map((_, i) => i).sort((a, b) => total(b) - total(a) || a - b);
  return {
    ...data,
    categories: order.map((i) => data.categories[i]!),
    series: data.series.map((series) => ({ ...series, values: order.map((i) => series.values[i] ?? null) })),
  };
}

/**
 * Bars along the width, longest first, each category's name on the line above its bars (written as text,
 * so a long name wraps on a phone instead of being cut), each value after its bar.
 */
function Bars({ data: unsorted, label, text, format, colours, ink, muted }: DrawProps) {
  const data = sortedForBars(unsorted);
  const max = maxOf(data) || 1;
  const barHeight = 12;
  const height = data.series.length * (barHeight + 4);
  return (
    <Box role="img" aria-label={label} component="div">
      {data.categories.map((category, i) => (
        <Box key={category.key} sx={{ mb: 0.75 }}>
          <Box
            sx={{ fontSize: '0.8125rem', lineHeight: 1.3, color: ink, overflowWrap: 'anywhere' }}
            data-testid="bar-label"
          >
            {text(category.label)}
          </Box>
          <svg
            width="100%"
            height={height}
            style={{ display: 'block', overflow: 'visible' }}
            aria-hidden="true"
          >
            {data.series.map((series, j) => {
              const value = series.values[i] ?? null;
              // At most 80 % of the width: the rest is room for the value written after the bar.
              const share = ((value ?? 0) / max) * 80;
              const y = 2 + j * (barHeight + 4);
              return (
                <g key={series.key}>
                  <rect
                    x="0"
                    y={y}
                    width={`${share}%`}
                    height={barHeight}
                    rx="2"
                    fill={colours[j % colours.length]}
                  />
                  <text
                    x={`${share}%`}
                    dx="6"
                    y={y + barHeight - 1}
                    fontSize="12"
                    fill={muted}
                    data-testid="bar-value"
                  >
                    {format(value)}
                  </text>
                </g>
              );
            })}
          </svg>
        </Box>
      ))}
    </Box>
  );
}

/** Points joined by a line per series, each point's value above it, the categories along the bottom. */
function Line({ data, label, format, text, colours, ink, muted, height: displayHeight }: DrawProps) {
  const max = maxOf(data) || 1;
  const height = Math.max(160, Math.min(displayHeight, 260));
  const top = 22;
  const bottom = height - 26;
  const count = data.categories.length;
  const x = (i: number) => (count < 2 ? 50 : 4 + (92 * i) / (count - 1));
  const y = (value: number) => bottom - (value / max) * (bottom - top);
  // About eight labels along the bottom and above the points, whatever the width: a phone's included.
  const step = Math.max(1, Math.ceil(count / 8));
  // Counted from the last category (the newest year, say), which is always labelled.
  const labelled = (i: number) => (count - 1 - i) % step === 0;
  return (
    <svg
      role="img"
      aria-label={label}
      width="100%"
      height={height}
      style={{ display: 'block', overflow: 'visible' }}
    >
      <line x1="0" x2="100%" y1={bottom} y2={bottom} stroke={muted} strokeWidth="1" />
      {data.categories.map((category, i) =>
        labelled(i) ? (
          <text key={category.key} x={`${x(i)}%`} y={height - 6} fontSize="12" fill={ink} textAnchor="middle">
            {text(category.label)}
          </text>
        ) : null,
      )}
      {data.series.map((series, j) => {
        const colour = colours[j % colours.length];
        const points = series.values.map((value, i) => (value === null ? null : { i, value }));
        return (
          <g key={series.key}>
            {points.map((point, i) => {
              const next = points[i + 1];
              if (!point || !next) return null;
              return (
                <line
                  key={`l${point.i}`}
                  x1={`${x(point.i)}%`}
                  y1={y(point.value)}
                  x2={`${x(next.i)}%`}
                  y2={y(next.value)}
                  stroke={colour}
                  strokeWidth="2"
                />
              );
            })}
            {points.map((point) =>
              point ? (
                <g key={`p${point.i}`}>
                  <circle cx={`${x(point.i)}%`} cy={y(point.value)} r="3.5" fill={colour} />
                  {data.series.length === 1 && labelled(point.i) && (
                    <text
                      x={`${x(point.i)}%`}
                      y={y(point.value) - 8}
                      fontSize="12"
                      fill={muted}
                      textAnchor="middle"
                    >
                      {format(point.value)}
                    </text>
                  )}
                </g>
              ) : null,
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The arc of a ring slice from one share of the turn to another (0 to 1), in a 200 × 200 box. */
function arc(from: number, to: number): string {
  const outer = 96;
  const inner = 54;
  const point = (share: number, radius: number) => {
    const angle = 2 * Math.PI * share - Math.PI / 2;
    return `${(100 + radius * Math.cos(angle)).toFixed(2)} ${(100 + radius * Math.sin(angle)).toFixed(2)}`;
  };
  // A whole turn is drawn as two halves: an arc cannot start and end at the same point.
  if (to - from >= 0.9999) return `${arc(0, 0.5)} ${arc(0.5, 1)}`;
  const large = to - from > 0.5 ? 1 : 0;
  return [
    `M ${point(from, outer)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(to, outer)}`,
    `L ${point(to, inner)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(from, inner)}`,
    'Z',
  ].join(' ');
}

/** The first series as a ring, its legend (each slice's name and value) under it. */
function Ring({ data, label, text, format, colours }: DrawProps) {
  const values = data.categories.map((_, i) => Math.max(0, data.series[0]?.values[i] ?? 0));
  const total = values.reduce((sum, value) => sum + value, 0) || 1;
  // Each slice starts where the values before it end (shares of the whole turn).
  const ends = values.map((_, i) => values.slice(0, i + 1).reduce((sum, value) => sum + value, 0) / total);
  const slices = values.map((value, i) => ({
    from: i === 0 ? 0 : (ends[i - 1] ?? 0),
    to: ends[i] ?? 1,
    colour: colours[i % colours.length] ?? '',
    value,
  }));
  return (
    <>
      <Box
        component="svg"
        role="img"
        aria-label={label}
        viewBox="0 0 200 200"
        sx={{ display: 'block', width: '100%', maxWidth: 240, mx: 'auto', height: 'auto' }}
      >
        {slices.map((slice, i) =>
          slice.value > 0 ? (
            <path key={data.categories[i]?.key} d={arc(slice.from, slice.to)} fill={slice.colour} />
          ) : null,
        )}
      </Box>
      <Legend
        items={data.categories.map((category, i) => ({
          key: category.key,
          label: `${text(category.label)}: ${format(values[i])}`,
          colour: slices[i]?.colour ?? '',
        }))}
      />
    </>
  );
}

/** The names of the series (or slices) beside their colour. */
function Legend({ items }: { items: { key: string; label: string; colour: string }[] }) {
  return (
    <Box
      component="ul"
      aria-hidden="true"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 16px',
        listStyle: 'none',
        p: 0,
        m: '8px 0 0',
        fontSize: '0.8125rem',
      }}
    >
      {items.map((item) => (
        <Box component="li" key={item.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            component="span"
            sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: item.colour, flex: 'none' }}
          />
          {item.label}
        </Box>
      ))}
    </Box>
  );
}
