import './texts.js';
import { alpha, styled, type CSSObject, type Theme } from '@mui/material/styles';
import type { TRestrictionListItem } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EnglishOnly, useShownText } from '../../components/shown-text.js';
import { Highlighted, highlightShows } from './highlight.js';
import type { BrowseParams } from './browse-params.js';
import type { CatalogueLabels } from './labels.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

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

const statusColours: Record<string, 'success' | 'warning' | 'info'> = {
  in_force: 'warning',
  scheduled_for_removal: 'info',
  amended: 'info',
  removed: 'success',
};

/** Shows at most `lines` lines of a text (the rest stays in the page for screen readers and search). */
const clampLines = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  }) as const;

/** Marks read the same in both themes: dark text on light yellow (contrast above 12:1). */
const markStyle = { backgroundColor: '#ffe08a', color: '#17212b', borderRadius: '2px', padding: '0 1px' };

/**
 * The look of the parts below, as one rule set on whatever holds them (`ResultParts`, or the cards'
 * list): the parts are plain elements with class names. As MUI components with their own `sx`, twenty
 * rows cost a phone about six style computations each on every render, most of the blocking time after
 * Browse Restrictions first shows (docs/accessibility-budgets.md).
 */
export const resultPartsStyles = (theme: Theme): CSSObject => ({
  '& .result-link': {
    color: theme.palette.primary.main,
    fontWeight: 600,
    textDecoration: 'none',
    '&:hover': { textDecoration: 'underline' },
    '& mark': markStyle,
  },
  '& .result-sector, & .result-excerpt': {
    ...theme.typography.body2,
    color: theme.palette.text.secondary,
    margin: 0,
    overflowWrap: 'break-word',
  },
  '& .result-sector': { marginTop: '2px', fontSize: '0.8125rem', ...clampLines(1) },
  '& .result-excerpt': { marginTop: '4px', ...clampLines(3), '& mark': markStyle },
  '& .status-chip': {
    display: 'inline-flex',
    alignItems: 'center',
    maxWidth: '100%',
    boxSizing: 'border-box',
    padding: '2px 7px',
    border: `1px solid ${theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[700]}`,
    borderRadius: '16px',
    fontFamily: theme.typography.fontFamily,
    fontSize: '0.8125rem',
    fontWeight: 600,
    lineHeight: 1.5,
    color: theme.palette.text.primary,
    whiteSpace: 'normal',
  },
  ...Object.fromEntries(
    (['success', 'warning', 'info'] as const).map((colour) => [
      `& .status-chip--${colour}`,
      { color: theme.palette[colour].main, borderColor: alpha(theme.palette[colour].main, 0.7) },
    ]),
  ),
});

/** A box whose result parts inside get their look (the table of results, the restriction view). */
export const ResultParts = styled('div')(({ theme }) => resultPartsStyles(theme));

/** A restriction's status as a small chip (the colour is never the only cue: the label is the text). */
export function StatusChip({ status, labels }: { status: string; labels: CatalogueLabels }) {
  const colour = statusColours[status];
  return (
    <span className={colour ? `status-chip status-chip--${colour}` : 'status-chip'}>
      {labels.choice('restrictionStatus', status)}
    </span>
  );
}

/** Committed To Liberalise as Yes or No (and the year), coloured but readable without colour. */
export function CommittedChip({ committed, year }: { committed: boolean; year?: number | null }) {
  const { t } = useTranslation();
  const label = committed ? t('catalogue.sector.yes') : t('catalogue.sector.no');
  return (
    <span className={committed ? 'status-chip status-chip--success' : 'status-chip'}>
      {committed && year ? `${label} (${year})` : label}
    </span>
  );
}

/**
 * The title as a link to the restriction in the reader's language, with the search's matches marked
 * (the server marks the title in the language asked for: the French where translated).
 */
export function ResultTitle({ row }: { row: TRestrictionListItem }) {
  const title = useShownText().field(row.title, row.title_fr);
  const highlighted = highlightShows(row.highlight?.title_lang, title.lang) && row.highlight?.title.length;
  return (
    <>
      <RouterLink
        to={restrictionPath(row.slug)}
        className="result-link"
        data-testid="result-link"
        lang={title.fallback ? 'en' : undefined}
      >
        {highlighted ? <Highlighted segments={row.highlight!.title} /> : title.text}
      </RouterLink>
      {title.fallback && <EnglishOnly />}
    </>
  );
}

/** Sector › sub-sector › specific service of a row, in the interface language. */
export function sectorLine(row: TRestrictionListItem, labels: CatalogueLabels): string {
  return [row.sector, row.sub_sector, row.specific_service]
    .filter((sector) => sector !== null)
    .map((sector) => sector.name[labels.language])
    .join(' › ');
}

/** Sector › sub-sector › specific service under a result's title, on one line (the whole path on hover). */
export function SectorLine({ row, labels }: { row: TRestrictionListItem; labels: CatalogueLabels }) {
  const line = sectorLine(row, labels);
  return (
    <p className="result-sector" title={line}>
      {line}
    </p>
  );
}

/** The part of the text of measure around the search's matches. */
export function ResultExcerpt({ row }: { row: TRestrictionListItem }) {
  const { lang } = useShownText();
  if (!row.highlight?.text_of_measure.length) return null;
  // An English text shown to a French reader (not translated) says it is English, for screen readers.
  const english = row.highlight.text_of_measure_lang === 'en' && lang !== 'en';
  return (
    <p className="result-excerpt" data-testid="result-excerpt" lang={english ? 'en' : undefined}>
      … <Highlighted segments={row.highlight.text_of_measure} /> …
    </p>
  );
}

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
