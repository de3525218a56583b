import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { browsePageSize, restrictionApiPaths, type TPolicyRef } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useApiRead } from '../../api/use-api-read.js';
import {
  browseFilterKeys,
  browsePath,
  browseSearch,
  multiValueFilters,
  type BrowseFilterKey,
  type BrowseParams,
} from './browse-params.js';
import { FilterSelect, useAppRunning, YearField, type Option } from './filter-fields.js';
import { useCatalogueLabels } from './labels.js';
import { sectorChildren, sectorPath } from './sector-tree.js';

/** The id of the filter form: the search box outside it sends its words with it (`form` attribute). */
export const browseFormId = 'browse-filters';

/** The filters of Browse Restrictions: dependent sector selects (the path), the rest in the query. */
export function FilterPanel({ params }: { params: BrowseParams }) {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  // Fetched here: on phones the panel's fields render only once it is opened, and the policies with them.
  const policyList = useApiRead<{ results: TPolicyRef[] }>(restrictionApiPaths.policies);
  const policies: Option[] = (policyList.data?.results ?? []).map((policy) => ({
    value: policy.slug,
    label: policy.name[labels.language],
  }));
  const navigate = useNavigate();
  const location = useLocation();
  const { filters } = params;
  const running = useAppRunning();

  // The category is the deepest sector chosen; the selects show it and its ancestors.
  const chosen = sectorPath(labels.sectorsById, labels.sectorsBySlug.get(params.category));
  const [sector, subSector, service] = [chosen[0], chosen[1], chosen[2]];
  const sectorOptions = (parentId: number | null): Option[] =>
    sectorChildren(labels.sectors, parentId).map((item) => ({
      value: item.slug,
      label: item.name[labels.language],
    }));
  // A new sector keeps the other filters but starts again from the first page.
  const goToCategory = (slug: string | undefined) => {
    void navigate(browsePath(slug, browseSearch(params, filters)));
  };

  const set = (key: BrowseFilterKey) => (value: string) => params.setFilters({ [key]: value });
  const select = (key: BrowseFilterKey, label: string, options: Option[], id: string) => (
    <FilterSelect
      id={id}
      anyLabel={t('catalogue.filters.any')}
      margin="dense"
      name={key}
      label={label}
      value={filters[key]}
      options={options}
      multiple={multiValueFilters.has(key)}
      onChange={set(key)}
    />
  );
  const yearConflict =
    filters.year_from && filters.year_to && Number(filters.year_from) > Number(filters.year_to)
      ? t('catalogue.filters.yearOrder')
      : undefined;

  return (
    // A plain GET form whose fields are named as the address's query: without JavaScript (or before it
    // runs) it sends the filters to the server; with it, each change applies at once and it never submits.
    <Stack
      component="form"
      id={browseFormId}
      method="get"
      action={browsePath(undefined)}
      role="search"
      aria-label={t('catalogue.filters.title')}
      onSubmit={(e) => e.preventDefault()}
    >
      {params.query.sort ? <input type="hidden" name="sort" value={String(params.query.sort)} /> : null}
      {params.pageSize !== browsePageSize ? (
        <input type="hidden" name="page_size" value={String(params.pageSize)} />
      ) : null}
      {select('country', t('catalogue.filters.country'), labels.partnerStates(), 'country')}
      <FilterSelect
        id="sector"
        anyLabel={t('catalogue.filters.any')}
        margin="dense"
        name="category"
        label={t('catalogue.filters.sector')}
        value={sector?.slug ?? ''}
        options={sectorOptions(null)}
        onChange={(slug) => goToCategory(slug || undefined)}
      />
      <FilterSelect
        id="sub-sector"
        anyLabel={t('catalogue.filters.any')}
        margin="dense"
        name="category"
        label={t('catalogue.filters.subSector')}
        value={subSector?.slug ?? ''}
        options={sector ? sectorOptions(sector.id) : []}
        disabled={!sector}
        onChange={(slug) => goToCategory(slug || sector?.slug)}
      />
      <FilterSelect
        id="specific-service"
        anyLabel={t('catalogue.filters.any')}
        margin="dense"
        name="category"
        label={t('catalogue.filters.specificService')}
        value={service?.slug ?? ''}
        options={subSector ? sectorOptions(subSector.id) : []}
        disabled={!subSector || sectorChildren(labels.sectors, subSector.id).length === 0}
        onChange={(slug) => goToCategory(slug || subSector?.slug)}
      />
      {select(
        'restriction_type',
        t('catalogue.filters.restrictionType'),
        labels.options('restrictionTypes'),
        'restriction-type',
      )}
      {select(
        'mode_of_supply',
        t('catalogue.filters.modeOfSupply'),
        labels.options('modeOfSupply'),
        'mode-of-supply',
      )}
      {policies.length > 0 && select('policy', t('catalogue.filters.policy'), policies, 'policy')}
      {select('market_access', t('catalogue.filters.marketAccess'), labels.options('yesNo'), 'market-access')}
      {select(
        'national_treatment',
        t('catalogue.filters.nationalTreatment'),
        labels.options('yesNo'),
        'national-treatment',
      )}
      {select(
        'non_compliance_type',
        t('catalogue.filters.nonCompliance'),
        labels.options('nonComplianceTypes'),
        'non-compliance',
      )}
      <Box role="group" aria-labelledby="year-introduced-label" sx={{ mt: 1 }}>
        <Typography id="year-introduced-label" variant="body2" color="text.secondary" sx={{ mb: 0.25 }}>
          {t('catalogue.filters.yearIntroduced')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <YearField
            id="year-from"
            name="year_from"
            label={t('catalogue.filters.yearFrom')}
            value={filters.year_from}
            onChange={set('year_from')}
          />
          <YearField
            id="year-to"
            name="year_to"
            label={t('catalogue.filters.yearTo')}
            value={filters.year_to}
            conflict={yearConflict}
            onChange={set('year_to')}
          />
        </Stack>
      </Box>
      {select('status', t('catalogue.filters.status'), labels.options('restrictionStatus'), 'status')}
      {!running && (
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start', mt: 1.5 }}>
          {t('catalogue.filters.apply')}
        </Button>
      )}
      {params.activeFilters > 0 && (
        // A link: it clears the filters without JavaScript too.
        <Button
          variant="text"
          component={RouterLink}
          to={clearedBrowsePath(location.search)}
          sx={{ alignSelf: 'flex-start', mt: 1 }}
          data-testid="clear-filters"
        >
          {t('catalogue.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}

/** The address of the unfiltered browse screen, keeping the sort and the page size of `search`. */
export function clearedBrowsePath(search: string): string {
  const next = new URLSearchParams(search);
  for (const key of [...browseFilterKeys, 'category', 'page']) next.delete(key);
  return browsePath(undefined, next.toString());
}
