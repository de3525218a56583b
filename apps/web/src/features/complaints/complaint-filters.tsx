import FilterList from '@mui/icons-material/FilterListOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { complaintStatus, restrictionTypes, reviewStages } from '@stp/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/form/date-field.js';
import { FilterSelect } from '../../components/filters/filter-select.js';
import type { ListParams } from '../../components/list/use-list-params.js';
import { useAppData } from '../../session/app-data.js';
import { useLabelLanguage } from './complaint-fields.js';
import { useStageName } from './complaint-status.js';

/** The filters of the complaints lists, kept in the URL. */
export const publicFilterKeys = ['status', 'country', 'restriction_type', 'date_from', 'date_to'] as const;
export type PublicFilterKey = (typeof publicFilterKeys)[number];
/** The staff lists add the stage and the overdue flag. */
export const staffFilterKeys = [...publicFilterKeys, 'stage', 'overdue', 'q'] as const;
export type StaffFilterKey = (typeof staffFilterKeys)[number];

/** A filter of the bar: the lists' shared select, named and tested by its query key. */
function SelectFilter(props: {
  label: string;
  value: string;
  allLabel: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  name: string;
}) {
  return (
    <FilterSelect
      id={`complaint-filter-${props.name}`}
      name={props.name}
      label={props.label}
      value={props.value}
      anyLabel={props.allLabel}
      options={props.options}
      margin="normal"
      testId={`filter-${props.name}`}
      onChange={props.onChange}
    />
  );
}

/** The filter bar of a complaints list: status, country, type and the lodging date range (plus staff extras). */
export function ComplaintFilters<K extends PublicFilterKey | StaffFilterKey>(props: {
  params: ListParams<K>;
  staff?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLabelLanguage();
  const stageName = useStageName();
  const countries = useAppData((state) => state.constants?.countries ?? []);
  const { params } = props;
  // Phones fold the filters away behind a button; wider screens always show them.
  const [open, setOpen] = useState(false);
  const filters = params.filters as Record<string, string>;
  const set = (key: string) => (value: string) => params.update({ [key]: value } as never);
  const countryOptions = [...countries]
    .sort(
      (a, b) =>
        Number(b.partner_state) - Number(a.partner_state) || a.name[language].localeCompare(b.name[language]),
    )
    .map((country) => ({ value: country.code, label: country.name[language] }));
  const dateField = (key: 'date_from' | 'date_to', label: string) => (
    <DateField
      size="small"
      label={label}
      value={filters[key] ?? ''}
      onChange={set(key)}
      inputAttributes={{ name: key }}
    />
  );

  const active = Object.entries(filters).filter(([key, value]) => key !== 'q' && value !== '').length;
  return (
    <>
      <Button
        sx={{ display: { xs: 'inline-flex', sm: 'none' }, mb: 1 }}
        startIcon={<FilterList aria-hidden />}
        aria-expanded={open}
        aria-controls="complaint-filters"
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? `${t('complaints.list.filters')} (${active})` : t('complaints.list.filters')}
      </Button>
      <Box
        component="section"
        id="complaint-filters"
        aria-label={t('complaints.list.filters')}
        sx={{
          display: { xs: open ? 'grid' : 'none', sm: 'grid' },
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, 1fr)',
            md: 'repeat(3, 1fr)',
            lg: 'repeat(4, 1fr)',
          },
          gap: 2,
          mb: 2,
          alignItems: 'center',
        }}
      >
        <SelectFilter
          name="status"
          label={t('complaints.list.status')}
          allLabel={t('complaints.list.allStatuses')}
          value={filters.status ?? ''}
          onChange={set('status')}
          options={complaintStatus.map((choice) => ({ value: choice.value, label: choice.label[language] }))}
        />
        <SelectFilter
          name="country"
          label={t('complaints.list.country')}
          allLabel={t('complaints.list.allCountries')}
          value={filters.country ?? ''}
          onChange={set('country')}
          options={countryOptions}
        />
        <SelectFilter
          name="restriction_type"
          label={t('complaints.list.type')}
          allLabel={t('complaints.list.allTypes')}
          value={filters.restriction_type ?? ''}
          onChange={set('restriction_type')}
          options={restrictionTypes.map((choice) => ({ value: choice.value, label: choice.label[language] }))}
        />
        {props.staff && (
          <SelectFilter
            name="stage"
            label={t('complaints.list.stage')}
            allLabel={t('complaints.list.allStages')}
            value={filters.stage ?? ''}
            onChange={set('stage')}
            options={reviewStages.map((stage) => ({ value: stage, label: stageName(stage) }))}
          />
        )}
        {dateField('date_from', t('complaints.list.from'))}
        {dateField('date_to', t('complaints.list.to'))}
        {props.children}
        <Box>
          <Button onClick={() => params.clear()} data-testid="filters-clear">
            {t('complaints.list.clear')}
          </Button>
        </Box>
      </Box>
    </>
  );
}
