import type { TMetricData } from '@stp/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useInsightLocale } from './texts.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

// Five bins of a sequential blue scale; each bin's text colour keeps a contrast of 4.5:1 or more, in
// light and dark themes alike (the cells carry their own background).
const bins = [
  { upTo: 0.2, background: '#eef4fb', color: '#0b1f33' },
  { upTo: 0.4, background: '#c6dbef', color: '#0b1f33' },
  { upTo: 0.6, background: '#6baed6', color: '#000000' },
  { upTo: 0.8, background: '#2171b5', color: '#ffffff' },
  { upTo: 1.0001, background: '#08306b', color: '#ffffff' },
] as const;

const binOf = (value: number) => bins.find((bin) => value < bin.upTo) ?? bins[bins.length - 1]!;

// The sector column stays at the left edge while the countries scroll under it (CSS only: the same on
// the server). Its own background hides what passes beneath; a phone gives it a narrower share.
const stickyColumn = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  textAlign: 'left',
  minWidth: { xs: 124, sm: 160 },
  maxWidth: { xs: 150, sm: 'none' },
  hyphens: 'auto',
  // A shadow on its right edge: the columns pass under it.
  boxShadow: '2px 0 4px rgba(0, 0, 0, 0.12)',
} as const;

const cell = {
  // Separate borders (right and bottom; the table draws the top and left): a collapsed border is the
  // table's, and would scroll away from a sticky cell, the next columns showing through its edge.
  borderRight: 1,
  borderBottom: 1,
  borderColor: 'divider',
  px: 1,
  py: 0.75,
  fontSize: '0.8125rem',
  textAlign: 'center',
} as const;

/**
 * The country × sector matrix as a colour-scaled table (the free MUI X Charts has no heat map): every
 * cell shows its number, so the colour is never the only carrier of the value.
 */
export function HeatmapTable({ data, title }: { data: TMetricData; title: string }) {
  const { t } = useTranslation();
  const { label, value } = useInsightLocale();
  return (
    <Box>
      {/* The caption, shown above the scrolling table so that it never scrolls out of sight. */}
      <Typography variant="body2" color="text.secondary" aria-hidden="true" sx={{ mb: 1 }}>
        {t('reports.heatmap.caption', { title })}
      </Typography>
      <Box
        sx={{ overflowX: 'auto', width: '100%', mb: 2, position: 'relative' }}
        tabIndex={0}
        role="region"
        aria-label={t('reports.heatmap.scroll', { title })}
      >
        <Box
          component="table"
          sx={{
            borderCollapse: 'separate',
            borderSpacing: 0,
            borderTop: 1,
            borderLeft: 1,
            borderColor: 'divider',
            minWidth: '100%',
          }}
        >
          <Box component="caption" sx={visuallyHidden}>
            {t('reports.heatmap.caption', { title })}
          </Box>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ ...cell, ...stickyColumn }}>
                {t('reports.heatmap.sector')}
              </Box>
              {data.series.map((country) => (
                // A name breaks between words only, its column as wide as its longest word.
                <Box
                  component="th"
                  scope="col"
                  key={country.key}
                  sx={{ ...cell, minWidth: 64, overflowWrap: 'normal', wordBreak: 'keep-all' }}
                >
                  {label(country.label)}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.categories.map((sector, i) => (
              <tr key={sector.key}>
                <Box component="th" scope="row" sx={{ ...cell, ...stickyColumn, fontWeight: 500 }}>
                  {label(sector.label)}
                </Box>
                {data.series.map((country) => {
                  const v = country.values[i];
                  if (v === null || v === undefined)
                    return (
                      <Box component="td" key={country.key} sx={{ ...cell, color: 'text.secondary' }}>
                        <span aria-hidden="true">–</span>
                        <Box component="span" sx={visuallyHidden}>
                          {t('reports.heatmap.empty')}
                        </Box>
                      </Box>
                    );
                  const bin = binOf(v);
                  return (
                    <Box
                      component="td"
                      key={country.key}
                      sx={{ ...cell, bgcolor: bin.background, color: bin.color }}
                    >
                      {value(v)}
                    </Box>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Box>
        <Typography component="p" variant="body2" sx={{ mb: 0.5 }} id="heatmap-legend">
          {t('reports.heatmap.legend')}
        </Typography>
        <Stack
          component="ul"
          direction="row"
          aria-labelledby="heatmap-legend"
          sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap' }}
        >
          {bins.map((bin, i) => (
            <Box
              component="li"
              key={bin.background}
              sx={{ bgcolor: bin.background, color: bin.color, px: 1.5, py: 0.5, fontSize: '0.8125rem' }}
            >
              {value(i * 0.2)}–{value(Math.min(1, (i + 1) * 0.2))}
            </Box>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
