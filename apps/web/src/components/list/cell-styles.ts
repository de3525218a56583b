import type { Theme } from '@mui/material/styles';

/** The breakpoints a table column can fold away below: sm 600, md 900, lg 1200, xl 1536 px (the theme's). */
export type ColumnBreakpoint = 'sm' | 'md' | 'lg' | 'xl';

/** Hides a table cell below a breakpoint: a folding column, header and cells alike. */
export const hiddenBelow = (breakpoint: ColumnBreakpoint) =>
  ({ display: { xs: 'none', [breakpoint]: 'table-cell' } }) as const;

/** Shows an element only below a breakpoint: a folded column's value, moved under the row's name. */
export const shownBelow = (breakpoint: ColumnBreakpoint) =>
  ({ display: { xs: 'block', [breakpoint]: 'none' } }) as const;

/** Hides a table cell below 600 px. */
export const phoneHidden = hiddenBelow('sm');

/** Shows an element only below 600 px. */
export const phoneOnly = shownBelow('sm');

/**
 * A chip whose label may wrap: in a phone's table a long label ("Complément d'information demandé",
 * "Not activated") is wider than its column, and a chip's one-line label pushed the table past the
 * screen.
 */
export const wrappingChip = {
  height: 'auto',
  maxWidth: '100%',
  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
} as const;

/** {@link wrappingChip} below 600 px only: wider screens keep the label on one line. */
export const phoneWrappingChip = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: wrappingChip });
