// Its own texts; the column and link names it shares with the browse screen it is part of come with that
// screen (browse-texts.ts).
import './sector-overview-texts.js';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { restrictionApiPaths, type TCommitmentListResponse, type TSectorPage } from '@stp/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiRead } from '../../api/use-api-read.js';
import { browsePath } from './browse-params.js';
import type { CatalogueLabels } from './labels.js';
import { CommittedChip, ResultParts } from './result-parts.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

/**
 * The sector page's head, above the results: where the sector sits, its name and description. Its
 * sub-sectors and tables follow the results (SectorFacts): on a phone they pushed the first result two
 * screens down.
 */
export function SectorOverview({ page, labels }: { page: TSectorPage; labels: CatalogueLabels }) {
  const { t } = useTranslation();
  const { sector } = page;
  const description = sector.description[labels.language];
  return (
    <Box component="header" sx={{ mb: 3 }} data-testid="sector-overview">
      <Breadcrumbs aria-label={t('catalogue.sector.breadcrumb')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/public/page/sectors">
          {t('catalogue.sector.seeAll')}
        </Link>
        {page.ancestors.map((ancestor) => (
          <Link key={ancestor.id} component={RouterLink} to={browsePath(ancestor.slug)}>
            {ancestor.name[labels.language]}
          </Link>
        ))}
      </Breadcrumbs>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6, mb: 0.5 }}>
        {t(`catalogue.sectors.levels.${sector.level}`)}
        {sector.cpc ? ` · CPC ${sector.cpc}` : ''}
      </Typography>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {sector.name[labels.language]}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ maxWidth: 820 }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}

/** The sector's sub-sectors, its restrictions by partner state and the commitments, after the results. */
export function SectorFacts({ page, labels }: { page: TSectorPage; labels: CatalogueLabels }) {
  const { t } = useTranslation();
  const { sector } = page;
  const name = sector.name[labels.language];
  // Commitments are made for whole sectors: a sub-sector or service without its own shows its sector's.
  const inherited = page.commitments.length === 0 ? (page.ancestors[0] ?? null) : null;
  const sectorCommitments = useApiRead<TCommitmentListResponse>(
    restrictionApiPaths.commitments,
    { sector: inherited?.slug ?? '' },
    { enabled: inherited !== null },
  );
  const commitments = inherited ? (sectorCommitments.data?.results ?? []) : page.commitments;
  const commitmentsOf = inherited ? inherited.name[labels.language] : name;
  return (
    // A ResultParts box: the commitments' chips are result parts.
    <ResultParts
      as="section"
      aria-labelledby="sector-facts-heading"
      sx={{ mt: 4 }}
      data-testid="sector-facts"
    >
      <Typography id="sector-facts-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {t('catalogue.sector.facts', { sector: name })}
      </Typography>
      {page.children.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} data-testid="sector-children">
          {page.children.map((child) => (
            <Chip
              key={child.id}
              component={RouterLink}
              to={browsePath(child.slug)}
              clickable
              variant="outlined"
              label={`${child.name[labels.language]} (${child.restriction_count})`}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
        <OverviewTable
          title={t('catalogue.sector.byCountry')}
          caption={t('catalogue.sector.byCountryCaption', { sector: name })}
          headings={[t('catalogue.columns.country'), t('catalogue.sector.restrictions')]}
          testId="sector-by-country"
          rows={page.by_country.map((entry) => ({
            key: entry.country.code,
            cells: [
              <Link
                key="country"
                component={RouterLink}
                to={browsePath(sector.slug, `country=${entry.country.code}`)}
              >
                {entry.country.name[labels.language]}
              </Link>,
              entry.count,
            ],
          }))}
        />
        <OverviewTable
          title={
            inherited
              ? t('catalogue.sector.commitmentsOf', { sector: commitmentsOf })
              : t('catalogue.sector.commitments')
          }
          caption={t('catalogue.sector.commitmentsCaption', { sector: commitmentsOf })}
          headings={[t('catalogue.columns.country'), t('catalogue.sector.committed')]}
          testId="sector-commitments"
          rows={commitments.map((commitment) => ({
            key: commitment.country.code,
            cells: [
              commitment.country.name[labels.language],
              <CommittedChip
                key="committed"
                committed={commitment.committed_to_liberalise}
                year={commitment.year_committed}
              />,
            ],
          }))}
        />
      </Box>
    </ResultParts>
  );
}

function OverviewTable(props: {
  title: string;
  caption: string;
  headings: [string, string];
  rows: { key: string; cells: [ReactNode, ReactNode] }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={props.testId}>
      <Typography variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {props.title}
      </Typography>
      {props.rows.length === 0 ? (
        <Typography color="text.secondary">{t('catalogue.sector.notRecorded')}</Typography>
      ) : (
        <Table size="small">
          <caption style={visuallyHidden}>{props.caption}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{props.headings[0]}</TableCell>
              <TableCell align="right">{props.headings[1]}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {props.rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell>{row.cells[0]}</TableCell>
                <TableCell align="right">{row.cells[1]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
