import './browse-texts.js';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { restrictionApiPaths, type TSectorPage } from '@stp/shared';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { useApiRead } from '../../api/use-api-read.js';
import { usePageFeed } from '../../ssr/page-render.js';
import { BrowseHeader } from './browse-header.js';
import { feedUrl, useBrowseParams } from './browse-params.js';
import { BrowseResults } from './browse-results.js';
import { useAppRunning } from './filter-fields.js';
import { browseFormId, clearedBrowsePath, FilterPanel } from './filter-panel.js';
import { useCatalogueLabels } from './labels.js';
import { LineSkeleton, Notice } from './light-parts.js';
import { SearchBox } from './search-box.js';
import { addressNamesSector, loadSectorParts, useSectorParts } from './sector-parts.js';

/**
 * The screen for its route, with a sector's parts first when the address names a sector (a sector's page
 * opened or reloaded, which hydrates with them) and always on the server, which renders any address.
 */
export async function loadBrowseScreen(): Promise<ComponentType> {
  if (typeof window === 'undefined' || addressNamesSector(window.location.pathname, window.location.search))
    await loadSectorParts();
  return BrowseScreen;
}

/** Browse Restrictions (`/public/browse/{category?}`): filters, search, sorting, pages, downloads. */
export function BrowseScreen() {
  const { t, i18n } = useTranslation();
  const labels = useCatalogueLabels();
  const params = useBrowseParams();
  const location = useLocation();
  usePageFeed({
    href: feedUrl(params.apiQuery, i18n.language === 'fr' ? 'fr' : 'en'),
    title: t('catalogue.browse.feedTitle'),
  });
  // Filters beside the results from 900 px; the results as a table where it has room (1200 px).
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [filtersOpen, setFiltersOpen] = useState(false);
  // On phones the closed panel's fields are not rendered until it is first opened: a dozen selects are
  // the largest part of the first render's work on a slow phone. A page the server renders has them (a
  // plain form that works without JavaScript), and so does the render that hydrates it.
  const running = useAppRunning();

  const sectorPage = useApiRead<TSectorPage>(restrictionApiPaths.sector(params.category), undefined, {
    enabled: params.category !== '',
  });
  const unknownSector = sectorPage.error instanceof ApiError && sectorPage.error.status === 404;
  const sectorParts = useSectorParts(params.category !== '');
  const filters = <FilterPanel params={params} />;
  return (
    <>
      {params.category && sectorPage.data && sectorParts ? (
        <sectorParts.SectorOverview page={sectorPage.data} labels={labels} />
      ) : params.category && (sectorPage.isPending || sectorPage.data) ? (
        <Box sx={{ mb: 3 }} data-testid="sector-skeleton">
          <Typography variant="h1">
            <LineSkeleton width="50%" />
          </Typography>
          <LineSkeleton width="80%" />
        </Box>
      ) : (
        <BrowseHeader />
      )}
      {unknownSector && (
        <Notice severity="warning" sx={{ mb: 3 }} data-testid="unknown-sector">
          {t('catalogue.browse.unknownSector')}{' '}
          <RouterLink to={clearedBrowsePath(location.search)}>{t('catalogue.sector.seeAll')}</RouterLink>
        </Notice>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper
          component="aside"
          variant="outlined"
          sx={{ p: { xs: 1, md: 2 } }}
          aria-labelledby="filters-heading"
        >
          {desktop ? (
            <>
              <Typography id="filters-heading" variant="h2" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
                {t('catalogue.filters.title')}
              </Typography>
              {filters}
            </>
          ) : (
            // A disclosure that opens without JavaScript too; its summary says how many filters apply.
            <Box
              component="details"
              id="filters"
              open={filtersOpen}
              onToggle={(event) => setFiltersOpen(event.currentTarget.open)}
            >
              <Box
                component="summary"
                data-testid="filters-toggle"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  minHeight: 44,
                  px: 1,
                  borderRadius: 1,
                  cursor: 'pointer',
                  color: 'primary.main',
                  listStyle: 'none',
                  '&::-webkit-details-marker': { display: 'none' },
                  '&:hover': { bgcolor: 'action.hover' },
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                  '& .filters-chevron': { ml: 'auto', transition: 'transform 150ms' },
                  'details[open] > & .filters-chevron': { transform: 'rotate(180deg)' },
                }}
              >
                <FilterList aria-hidden />
                <Typography
                  id="filters-heading"
                  variant="h2"
                  sx={{ m: 0, fontSize: '0.9375rem', fontWeight: 600 }}
                >
                  {t('catalogue.filters.titleCount', { count: params.activeFilters })}
                </Typography>
                <ExpandMore aria-hidden className="filters-chevron" />
              </Box>
              <Box id="filters-panel" sx={{ px: 1, pb: 1 }}>
                {(filtersOpen || !running) && filters}
              </Box>
            </Box>
          )}
        </Paper>
        <Box component="section" aria-labelledby="results-heading" sx={{ minWidth: 0 }}>
          <Box sx={{ mb: 2 }}>
            <SearchBox
              value={params.filters.q}
              onSearch={(q) => params.setFilters({ q })}
              form={browseFormId}
            />
          </Box>
          <BrowseResults params={params} labels={labels} wide={wide} unknownSector={unknownSector} />
          {params.category && sectorPage.data && sectorParts && (
            <sectorParts.SectorFacts page={sectorPage.data} labels={labels} />
          )}
        </Box>
      </Box>
    </>
  );
}
