import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TRestrictionListItem } from '@stp/shared';
import { Link as RouterLink } from 'react-router';
import { Highlighted } from './highlight.js';
import type { BrowseParams } from './browse-params.js';
import type { CatalogueLabels } from './labels.js';

/** What both result views (table, cards) show. */
export interface ResultsProps {
  params: BrowseParams;
  rows: TRestrictionListItem[] | undefined;
  count: number;
  loading: boolean;
  labels: CatalogueLabels;
}

/** The address of a restriction's page. */
export const restrictionPath = (slug: string) => `/public/restriction/${encodeURIComponent(slug)}`;

const statusColours: Record<string, 'success' | 'warning' | 'info' | 'default'> = {
  in_force: 'warning',
  scheduled_for_removal: 'info',
  amended: 'info',
  removed: 'success',
};

/** A restriction's status as a small chip (the colour is never the only cue: the label is the text). */
export function StatusChip({ status, labels }: { status: string; labels: CatalogueLabels }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColours[status] ?? 'default'}
      label={labels.choice('restrictionStatus', status)}
      sx={{ fontWeight: 600, height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

/** The title as a link to the restriction, with the search's matches marked. */
export function ResultTitle({ row }: { row: TRestrictionListItem }) {
  return (
    <Link
      component={RouterLink}
      to={restrictionPath(row.slug)}
      underline="hover"
      sx={{ fontWeight: 600, '& mark': markStyle }}
      data-testid="result-link"
    >
      {row.highlight?.title.length ? <Highlighted segments={row.highlight.title} /> : row.title}
    </Link>
  );
}

/** Sector › sub-sector › specific service of a row, in the interface language. */
export function sectorLine(row: TRestrictionListItem, labels: CatalogueLabels): string {
  return [row.sector, row.sub_sector, row.specific_service]
    .filter((sector) => sector !== null)
    .map((sector) => sector.name[labels.language])
    .join(' › ');
}

/** Shows at most `lines` lines of a text (the rest stays in the page for screen readers and search). */
export const clampLines = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  }) as const;

/** Sector › sub-sector › specific service under a result's title, on one line (the whole path on hover). */
export function SectorLine({ row, labels }: { row: TRestrictionListItem; labels: CatalogueLabels }) {
  const line = sectorLine(row, labels);
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      title={line}
      sx={{ mt: 0.25, fontSize: '0.8125rem', ...clampLines(1), overflowWrap: 'anywhere' }}
    >
      {line}
    </Typography>
  );
}

/** The part of the text of measure around the search's matches. */
export function ResultExcerpt({ row }: { row: TRestrictionListItem }) {
  if (!row.highlight?.text_of_measure.length) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ mt: 0.5, '& mark': markStyle, ...clampLines(3) }}
      data-testid="result-excerpt"
    >
      … <Highlighted segments={row.highlight.text_of_measure} /> …
    </Typography>
  );
}

/** Marks read the same in both themes: dark text on light yellow (contrast above 12:1). */
export const markStyle = {
  bgcolor: '#ffe08a',
  color: '#17212b',
  borderRadius: '2px',
  px: '1px',
} as const;

/** Modes of supply as their numbers (1–4), with the full labels for screen readers and on hover. */
export function ModesText({ modes, labels }: { modes: string[]; labels: CatalogueLabels }) {
  if (modes.length === 0) return <>–</>;
  const full = modes.map((mode) => labels.choice('modeOfSupply', mode)).join('; ');
  return (
    <span title={full}>
      <span aria-hidden>{modes.map((mode) => mode.replace('mode_', '')).join(', ')}</span>
      <span style={visuallyHidden}>{full}</span>
    </span>
  );
}

export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
