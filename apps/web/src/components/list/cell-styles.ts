import type { Theme } from '@mui/material/styles';

/** Hides a table cell below 600 px: a `hideOnPhone` column, header and cells alike. */
export const phoneHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Shows an element only below 600 px: a hidden column's value, moved under the row's name. */
export const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const;

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
