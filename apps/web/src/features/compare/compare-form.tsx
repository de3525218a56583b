import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SectorListItem } from '@stp/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LightField } from '../../components/filters/light-field.js';
import { translateMessage } from '../../i18n/index.js';
import type { CatalogueLabels } from '../catalogue/labels.js';
import { compareHref, comparePath } from './compare-params.js';

/** A sector named in the address by its slug or id, among the public ones. */
export function sectorNamed(labels: CatalogueLabels, slugOrId: string): SectorListItem | undefined {
  if (!slugOrId) return undefined;
  return /^\d+$/.test(slugOrId)
    ? labels.sectorsById.get(Number(slugOrId))
    : labels.sectorsBySlug.get(slugOrId.toLowerCase());
}

/**
 * The sectors offered: each sector followed by its sub-sectors (indented), and the chosen one where it
 * is a specific service. The API takes any of the three levels.
 */
function sectorOptions(labels: CatalogueLabels, chosen: SectorListItem | undefined) {
  const indent = (level: number) => '\u00a0\u00a0\u00a0\u00a0'.repeat(level - 1);
  const options: { value: string; label: string }[] = [];
  for (const sector of labels.sectors.filter((item) => item.level === 1)) {
    options.push({ value: sector.slug, label: sector.name[labels.language] });
    for (const sub of labels.sectors.filter((item) => item.parent_id === sector.id)) {
      options.push({ value: sub.slug, label: `${indent(2)}${sub.name[labels.language]}` });
      if (chosen?.level === 3 && chosen.parent_id === sub.id)
        options.push({ value: chosen.slug, label: `${indent(3)}${chosen.name[labels.language]}` });
    }
  }
  return options;
}

/**
 * The choice of states and sector: a plain GET form of native checkboxes and a native select, named as
 * the address's query, so that it works before or without JavaScript; with it, sending it navigates to
 * the comparison's address (`countries` as one comma list). Its fields start from the address (the
 * screen keys the form by it) and say what the API refused in the address.
 */
export function CompareForm(props: {
  labels: CatalogueLabels;
  countries: string[];
  sector: string;
  lang: string | null;
  asked: boolean;
  errors: Record<string, string>;
}) {
  const { labels, errors } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chosen = sectorNamed(labels, props.sector);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // In the reference order (the table's columns), not the form's order by name: one address per choice.
    const order = new Map((labels.constants?.countries ?? []).map((country, index) => [country.code, index]));
    const countries = data
      .getAll('countries')
      .map(String)
      .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const sector = data.get('sector');
    void navigate(compareHref(countries, typeof sector === 'string' ? sector : '', props.lang));
  };
  return (
    <Box
      component="form"
      method="get"
      action={comparePath}
      onSubmit={submit}
      aria-labelledby="compare-form-title"
      data-testid="compare-form"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        p: { xs: 2, sm: 3 },
        mb: 3,
        display: 'grid',
        gap: 2,
      }}
    >
      <Typography component="h2" variant="h3" id="compare-form-title" sx={{ m: 0 }}>
        {t('compare.form.label')}
      </Typography>
      <Box
        component="fieldset"
        aria-describedby={errors.countries ? 'compare-countries-error' : undefined}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
      >
        <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 1 }}>
          {t('compare.form.countries')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 0.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {labels.partnerStates().map((state) => (
            <Box
              component="label"
              key={state.value}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32, cursor: 'pointer' }}
            >
              <Box
                component="input"
                type="checkbox"
                name="countries"
                value={state.value}
                defaultChecked={props.countries.includes(state.value)}
                data-testid={`compare-country-${state.value}`}
                sx={{
                  width: 20,
                  height: 20,
                  m: 0,
                  flex: 'none',
                  accentColor: (theme) => theme.palette.primary.main,
                }}
              />
              <span>{state.label}</span>
            </Box>
          ))}
        </Box>
        {errors.countries && (
          <Typography
            id="compare-countries-error"
            variant="body2"
            color="error"
            sx={{ mt: 1 }}
            data-testid="compare-countries-error"
          >
            {translateMessage(errors.countries)}
          </Typography>
        )}
      </Box>
      <Box sx={{ maxWidth: 480 }}>
        <LightField
          id="compare-sector"
          label={t('compare.form.sector')}
          select
          margin="dense"
          error={Boolean(errors.sector)}
          helperText={errors.sector ? translateMessage(errors.sector) : undefined}
        >
          <select
            id="compare-sector"
            name="sector"
            className="light-control"
            defaultValue={chosen?.slug ?? ''}
            aria-invalid={errors.sector ? true : undefined}
            aria-describedby={errors.sector ? 'compare-sector-helper-text' : undefined}
            data-testid="compare-sector"
          >
            <option value="">{t('compare.form.chooseSector')}</option>
            {sectorOptions(labels, chosen).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </LightField>
      </Box>
      {props.lang && <input type="hidden" name="lang" value={props.lang} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" data-testid="compare-submit">
          {t('compare.form.submit')}
        </Button>
        {props.asked && (
          // A link: it clears the choice without JavaScript too.
          <Button component={RouterLink} to={comparePath} data-testid="compare-clear">
            {t('compare.form.clear')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
