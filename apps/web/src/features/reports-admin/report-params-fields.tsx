import Box from '@mui/material/Box';
import { metricDimensions, metricNames, type TMetricName } from '@stp/shared';
import { useEffect } from 'react';
import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import { useAppData } from '../../session/app-data.js';
import type { ReportFormValues } from './report-form-values.js';
import { reportsAdminTexts } from './texts.js';

void reportsAdminTexts;

/**
 * The report's params: a whitelisted metric, the dimensions that metric allows, and its filters
 * (country, top-level sector, years) — or the https address of an external report.
 */
export function ReportParamsFields(props: {
  control: Control<ReportFormValues, unknown, unknown>;
  form: UseFormReturn<ReportFormValues, unknown, unknown>;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const { control, form, readOnly } = props;
  const displayType = useWatch({ control, name: 'display_type' });
  const metric = useWatch({ control, name: 'params.metric' }) as TMetricName;
  const dimension = useWatch({ control, name: 'params.dimension' });
  const sectors = useAppData((state) => state.cache.sectorList);
  const countries = useAppData((state) => state.constants?.countries ?? []);
  // A dimension the chosen metric does not know falls back to the metric's default.
  useEffect(() => {
    if (dimension && !(metricDimensions[metric] ?? []).includes(dimension))
      form.setValue('params.dimension', '');
  }, [metric, dimension, form]);
  const input = { readOnly };
  const key = (name: string) => `reportsAdmin.reports.fields.${name}`;

  if (displayType === 'embed')
    return (
      <FormTextField
        control={control}
        name="params.url"
        type="url"
        label={t(key('url'))}
        helperText={t('reportsAdmin.reports.urlHelp')}
        required
        fullWidth
        slotProps={{ input, htmlInput: { 'data-testid': 'params-url' } }}
      />
    );

  const dimensions = metricDimensions[metric] ?? [];
  const dimensionName = (name: string) => t(`reportsAdmin.dimensions.${name}`);
  const countryOptions = countries
    .map((country) => ({ value: country.code, label: country.name[language] }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  const topSectors = sectors
    .filter((sector) => sector.level === 1)
    .map((sector) => ({ value: sector.slug, label: `${sector.code} ${sector.name[language]}` }));

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormSelectField
        control={control}
        name="params.metric"
        label={t(key('metric'))}
        required
        options={metricNames.map((name) => ({ value: name, label: t(`reportsAdmin.metrics.${name}`) }))}
        slotProps={{ input, htmlInput: { 'data-testid': 'params-metric' } }}
      />
      <FormSelectField
        control={control}
        name="params.dimension"
        label={t(key('dimension'))}
        options={[
          {
            value: '',
            label: t('reportsAdmin.reports.defaultDimension', {
              name: dimensionName(dimensions[0] ?? 'none'),
            }),
          },
          ...dimensions.map((name) => ({ value: name, label: dimensionName(name) })),
        ]}
        slotProps={{
          input,
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'params-dimension' },
        }}
      />
      <FormSelectField
        control={control}
        name="params.filters.country"
        label={t(key('country'))}
        options={[{ value: '', label: t('reportsAdmin.reports.anyCountry') }, ...countryOptions]}
        slotProps={{
          input,
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'params-country' },
        }}
      />
      <FormSelectField
        control={control}
        name="params.filters.sector"
        label={t(key('sector'))}
        options={[{ value: '', label: t('reportsAdmin.reports.anySector') }, ...topSectors]}
        slotProps={{ input, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      />
      <FormTextField
        control={control}
        name="params.filters.year_from"
        type="number"
        label={t(key('year_from'))}
        slotProps={{ input, htmlInput: { min: 1900, max: 2100 } }}
      />
      <FormTextField
        control={control}
        name="params.filters.year_to"
        type="number"
        label={t(key('year_to'))}
        slotProps={{ input, htmlInput: { min: 1900, max: 2100 } }}
      />
    </Box>
  );
}
