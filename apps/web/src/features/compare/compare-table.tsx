import { alpha, styled } from '@mui/material/styles';
import type {
  TCommitment,
  TCompareCell,
  TCompareIndex,
  TCompareResponse,
  TCompareRow,
  TCountryRef,
} from '@stp/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EnglishOnly, useShownText } from '../../components/shown-text.js';
import { formatNumber } from '../../lib/format.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';
import type { CatalogueLabels } from '../catalogue/labels.js';

/**
 * The table's box: it scrolls sideways on its own (a named region a keyboard reaches), never the page;
 * the row headers stay in view while it does. A row where the states differ is tinted and its header
 * says "Differs" (the colour is never the only sign).
 */
const TableBox = styled('div')(({ theme }) => {
  const paper = theme.palette.background.paper;
  const tint = alpha(theme.palette.warning.main, theme.palette.mode === 'dark' ? 0.14 : 0.09);
  return {
    // Relative: the visually hidden words of its links stay inside its box (absolute, they would widen the page).
    position: 'relative',
    overflowX: 'auto',
    maxWidth: '100%',
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    backgroundColor: paper,
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '& table': { borderCollapse: 'separate', borderSpacing: 0, width: '100%', ...theme.typography.body2 },
    '& caption': {
      captionSide: 'top',
      textAlign: 'left',
      padding: theme.spacing(1.5, 2),
      ...theme.typography.subtitle1,
      fontWeight: 600,
    },
    '& th, & td': {
      padding: theme.spacing(1, 1.5),
      borderTop: `1px solid ${theme.palette.divider}`,
      verticalAlign: 'top',
      textAlign: 'left',
      overflowWrap: 'break-word',
    },
    '& td': { minWidth: 170 },
    '& thead th': { fontWeight: 700, whiteSpace: 'nowrap' },
    '& th.aspect': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      minWidth: 130,
      maxWidth: 200,
      backgroundColor: paper,
      fontWeight: 600,
      [theme.breakpoints.up('sm')]: { minWidth: 200, maxWidth: 260 },
    },
    '& tr.section th': {
      ...theme.typography.subtitle2,
      backgroundColor: theme.palette.action.hover,
      color: theme.palette.text.primary,
    },
    // The section's name stays in view while the table scrolls sideways.
    '& .section-label': { display: 'inline-block', position: 'sticky', left: theme.spacing(1.5) },
    '& tr.differs td, & tr.differs th.aspect': { backgroundImage: `linear-gradient(${tint}, ${tint})` },
    '& tr.differs th.aspect': { boxShadow: `inset 4px 0 0 ${theme.palette.warning.main}` },
    '& .differs-marker': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: theme.spacing(0.5),
      marginTop: theme.spacing(0.5),
      padding: theme.spacing(0, 0.75),
      border: `1px solid ${theme.palette.warning.main}`,
      borderRadius: 4,
      fontSize: '0.75rem',
      fontWeight: 700,
      lineHeight: 1.6,
      color: theme.palette.text.primary,
      whiteSpace: 'nowrap',
    },
    '& .muted': { color: theme.palette.text.secondary },
    '& ul': { listStyle: 'none', margin: theme.spacing(0.5, 0, 0), padding: 0 },
    // Tall enough to tap (WCAG 2.5.8 asks for 24 px).
    '& a': {
      display: 'inline-block',
      padding: '2px 0',
      minHeight: 24,
      color: theme.palette.primary.main,
      textDecoration: 'underline',
    },
  };
});

const restrictionHref = (slug: string) => `/public/restriction/${encodeURIComponent(slug)}`;

/** Browse Restrictions filtered to one state in the sector, and to a mode or policy area when given. */
function browseHref(sector: string, country: string, filter: Record<string, string> = {}): string {
  const search = new URLSearchParams({ country, ...filter });
  return `/public/browse/${encodeURIComponent(sector)}?${search.toString()}`;
}

/** A cell's count, its first restrictions as links to their views, and the rest in Browse Restrictions. */
function CountCell({ cell, country, more }: { cell: TCompareCell; country: TCountryRef; more: string }) {
  const { t } = useTranslation();
  const shown = useShownText();
  if (cell.count === 0) return <span className="muted">{t('compare.none')}</span>;
  return (
    <>
      <strong>{t('compare.count', { count: cell.count })}</strong>
      {cell.restrictions.length > 0 && (
        <ul>
          {cell.restrictions.map((restriction) => {
            const title = shown.field(restriction.title, restriction.title_fr);
            return (
              <li key={restriction.slug}>
                <RouterLink to={restrictionHref(restriction.slug)} lang={title.fallback ? 'en' : undefined}>
                  {title.text}
                </RouterLink>
                {title.fallback && <EnglishOnly />}
              </li>
            );
          })}
        </ul>
      )}
      {cell.count > cell.restrictions.length && (
        <RouterLink to={more}>
          {t('compare.more', { count: cell.count })}
          <span style={visuallyHidden}> ({country.name[shown.lang]})</span>
        </RouterLink>
      )}
    </>
  );
}

function IndexCell({ index, language }: { index: TCompareIndex; language: string }) {
  const { t } = useTranslation();
  if (index.value === null) return <span className="muted">{t('compare.noIndex')}</span>;
  return (
    <>
      <strong>{formatNumber(index.value, language)}</strong>
      <div className="muted">{t('compare.measures', { count: index.measures })}</div>
    </>
  );
}

function CommitmentCell({ commitment, sectorId }: { commitment: TCommitment | null; sectorId: number }) {
  const { t } = useTranslation();
  const shown = useShownText();
  if (!commitment) return <span className="muted">{t('compare.noCommitment')}</span>;
  const status = !commitment.committed_to_liberalise
    ? t('compare.notCommitted')
    : commitment.year_committed
      ? t('compare.committedIn', { year: commitment.year_committed })
      : t('compare.committed');
  return (
    <>
      <strong>{status}</strong>
      {commitment.sector.id !== sectorId && (
        <div className="muted">
          {t('compare.recordedFor', { sector: commitment.sector.name[shown.lang] })}
        </div>
      )}
      {commitment.details && (
        <div className="muted">
          <span lang="en">{commitment.details}</span>
          {shown.lang === 'fr' && <EnglishOnly />}
        </div>
      )}
    </>
  );
}

/** One row: its header (with the "Differs" marker) and a cell per state. */
function Row<T>(props: {
  id: string;
  label: ReactNode;
  row: TCompareRow<T>;
  cell: (value: T, column: number) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <tr className={props.row.differs ? 'differs' : undefined} data-testid={`compare-row-${props.id}`}>
      <th scope="row" className="aspect">
        <div>{props.label}</div>
        {props.row.differs && (
          <span className="differs-marker" data-testid="differs-marker">
            <span aria-hidden="true">≠</span>
            {t('compare.differs')}
          </span>
        )}
      </th>
      {props.row.values.map((value, column) => (
        <td key={column}>{props.cell(value, column)}</td>
      ))}
    </tr>
  );
}

/** The rows of a comparison, for the summary's count. */
export const compareRows = (data: TCompareResponse): TCompareRow<unknown>[] => [
  data.total,
  data.index,
  data.commitment,
  ...data.by_mode,
  ...data.by_policy,
];

/**
 * The comparison side by side: a column per state; rows for the restrictions recorded, the index and
 * the commitment, then the restrictions by mode of supply and by policy area.
 */
export function CompareTable({ data, labels }: { data: TCompareResponse; labels: CatalogueLabels }) {
  const { t } = useTranslation();
  const language = labels.language;
  const sector = data.sector.slug;
  const names = data.countries.map((country) => country.name[language]);
  const span = data.countries.length + 1;
  const section = (key: string) => (
    <tr className="section">
      <th colSpan={span} scope="rowgroup">
        <span className="section-label">{t(`compare.sections.${key}`)}</span>
      </th>
    </tr>
  );
  const counts =
    (filter: (column: number) => Record<string, string>) => (cell: TCompareCell, column: number) => {
      const country = data.countries[column]!;
      return (
        <CountCell cell={cell} country={country} more={browseHref(sector, country.code, filter(column))} />
      );
    };
  return (
    <TableBox role="region" aria-labelledby="compare-caption" tabIndex={0} data-testid="compare-table">
      <table>
        <caption id="compare-caption">
          {t('compare.caption', { sector: data.sector.name[language], countries: names.join(', ') })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="aspect">
              {t('compare.aspect')}
            </th>
            {data.countries.map((country, column) => (
              <th scope="col" key={country.code} data-testid={`compare-column-${country.code}`}>
                {names[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section('overview')}
          <Row
            id="total"
            label={t('compare.rows.total')}
            row={data.total}
            cell={(cell, column) => (
              <>
                <strong>{t('compare.count', { count: cell.count })}</strong>
                {cell.count > 0 && (
                  <div>
                    <RouterLink to={browseHref(sector, data.countries[column]!.code)}>
                      {t('compare.browse')}
                      <span style={visuallyHidden}> ({names[column]})</span>
                    </RouterLink>
                  </div>
                )}
              </>
            )}
          />
          <Row
            id="index"
            label={t('compare.rows.index')}
            row={data.index}
            cell={(index) => <IndexCell index={index} language={language} />}
          />
          <Row
            id="commitment"
            label={t('compare.rows.commitment')}
            row={data.commitment}
            cell={(commitment) => <CommitmentCell commitment={commitment} sectorId={data.sector.id} />}
          />
        </tbody>
        <tbody>
          {section('modes')}
          {data.by_mode.map((row) => (
            <Row
              key={row.mode}
              id={row.mode}
              label={labels.choice('modeOfSupply', row.mode)}
              row={row}
              cell={counts(() => ({ mode_of_supply: row.mode }))}
            />
          ))}
        </tbody>
        {data.by_policy.length > 0 && (
          <tbody>
            {section('policies')}
            {data.by_policy.map((row) => (
              <Row
                key={row.policy?.slug ?? ''}
                id={`policy-${row.policy?.slug ?? 'none'}`}
                label={row.policy ? row.policy.name[language] : t('compare.rows.notClassified')}
                row={row}
                cell={counts((): Record<string, string> =>
                  row.policy?.slug ? { policy: row.policy.slug } : {},
                )}
              />
            ))}
          </tbody>
        )}
      </table>
    </TableBox>
  );
}
