import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TRestrictionFieldChange, TRestrictionUpdate, TRestrictionVersion } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/format.js';
import type { ChoiceListName, CatalogueLabels } from './labels.js';
import { visuallyHidden } from './result-parts.js';

/** Field names of a version's changes (the stored snake_case names) and their labels' keys. */
const fieldLabels: Record<string, string> = {
  title: 'title',
  slug: 'slug',
  country: 'country',
  country_code: 'country',
  sector: 'sector',
  sector_id: 'sector',
  sub_sector: 'subSector',
  sub_sector_id: 'subSector',
  specific_service: 'specificService',
  specific_service_id: 'specificService',
  policy: 'policy',
  policy_id: 'policy',
  restriction_type: 'restrictionType',
  market_access: 'marketAccess',
  national_treatment: 'nationalTreatment',
  non_compliance_type: 'nonComplianceType',
  discriminative: 'discriminative',
  measure_type: 'measureType',
  modes_of_supply: 'modesOfSupply',
  restrictiveness_indicator: 'restrictivenessIndicator',
  responsible_agency: 'responsibleAgency',
  commitments_made: 'commitmentsMade',
  other_dates: 'otherDates',
  proposed_removal_year: 'proposedRemovalYear',
  year_removed_or_amended: 'yearRemovedOrAmended',
  year_introduced: 'yearIntroduced',
  text_of_measure: 'textOfMeasure',
  remarks: 'remarks',
  status: 'status',
  archived: 'archived',
};

const choiceFields: Record<string, ChoiceListName> = {
  restriction_type: 'restrictionTypes',
  market_access: 'yesNo',
  national_treatment: 'yesNo',
  non_compliance_type: 'nonComplianceTypes',
  discriminative: 'discriminativeList',
  measure_type: 'typeOfMeasureList',
  modes_of_supply: 'modeOfSupply',
  status: 'restrictionStatus',
};

const sectorFields = new Set([
  'sector',
  'sector_id',
  'sub_sector',
  'sub_sector_id',
  'specific_service',
  'specific_service_id',
]);

/** A changed value in words: labels for choices, names for countries and sectors, "(empty)" for none. */
function useValueText(labels: CatalogueLabels) {
  const { t } = useTranslation();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
      return t('catalogue.restriction.history.empty_value');
    if (Array.isArray(value)) return value.map((item) => toText(field, item)).join(', ');
    return toText(field, value);
  };
  function toText(field: string, value: unknown): string {
    if (typeof value === 'boolean') return labels.choice('yesNo', value ? 'yes' : 'no');
    if (typeof value === 'object' && value !== null && 'name' in value) {
      const name = value.name as Partial<Record<string, unknown>> | null;
      const text = name?.[labels.language];
      if (typeof text === 'string') return text;
    }
    const list = choiceFields[field];
    if (list) return labels.choice(list, String(value));
    if (field === 'country' || field === 'country_code') return labels.country(String(value));
    if (sectorFields.has(field) && typeof value === 'number')
      return labels.sectorsById.get(value)?.name[labels.language] ?? String(value);
    return String(value);
  }
}

function ChangeItem({ change, labels }: { change: TRestrictionFieldChange; labels: CatalogueLabels }) {
  const { t } = useTranslation();
  const text = useValueText(labels);
  const labelKey = fieldLabels[change.field];
  const long = ['text_of_measure', 'remarks', 'commitments_made'].includes(change.field);
  const clip = (value: string) => (long && value.length > 240 ? `${value.slice(0, 240)}…` : value);
  return (
    <li data-field={change.field}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {labelKey ? t(`catalogue.fields.${labelKey}`) : change.field}
      </Typography>
      {': '}
      <Box component="del" sx={{ color: 'text.secondary', textDecorationColor: 'currentColor' }}>
        {clip(text(change.field, change.old))}
      </Box>
      <span aria-hidden> → </span>
      <span style={visuallyHidden}>{` ${t('catalogue.restriction.history.to')} `}</span>
      <Box component="ins" sx={{ textDecoration: 'none', fontWeight: 500 }}>
        {clip(text(change.field, change.new))}
      </Box>
    </li>
  );
}

/** The history of a restriction, newest first: when, by whom, and each changed field (old → new). */
export function RestrictionHistory({
  history,
  labels,
}: {
  history: TRestrictionVersion[];
  labels: CatalogueLabels;
}) {
  const { t } = useTranslation();
  if (history.length === 0)
    return <Typography color="text.secondary">{t('catalogue.restriction.history.empty')}</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="history">
      {history.map((version) => (
        <Box
          component="li"
          key={version.version}
          sx={{
            position: 'relative',
            pl: 3,
            pb: 2.5,
            borderLeft: 2,
            borderColor: 'divider',
            ml: 0.75,
            '&:last-of-type': { pb: 0 },
          }}
          data-testid="history-entry"
        >
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: -7,
              top: 4,
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: 'primary.main',
            }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Chip size="small" label={t(`catalogue.restriction.history.changeType.${version.change_type}`)} />
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {formatDateTime(version.changed_at, labels.language)}
            </Typography>
            <Typography component="span" color="text.secondary">
              {t('catalogue.restriction.history.by', {
                name: version.changed_by ?? t('catalogue.restriction.history.unknownUser'),
              })}
              {' · '}
              {t('catalogue.restriction.history.version', { version: version.version })}
            </Typography>
          </Box>
          {version.changes.length > 0 && (
            <Box component="ul" sx={{ mt: 1, mb: 0, pl: 2.5, '& li': { mb: 0.5, overflowWrap: 'anywhere' } }}>
              {version.changes.map((change) => (
                <ChangeItem key={change.field} change={change} labels={labels} />
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** Updates published by the partner state or the community, newest first. */
export function RestrictionUpdates({
  updates,
  labels,
}: {
  updates: TRestrictionUpdate[];
  labels: CatalogueLabels;
}) {
  const { t } = useTranslation();
  if (updates.length === 0)
    return <Typography color="text.secondary">{t('catalogue.restriction.updates.empty')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }} data-testid="updates">
      {updates.map((update) => (
        <Box component="li" key={update.id} sx={{ borderLeft: 3, borderColor: 'secondary.main', pl: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem' }}>
            {update.summary}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {formatDate(update.update_date, labels.language)}
            {' · '}
            {t('catalogue.restriction.updates.source')}:{' '}
            {t(`catalogue.restriction.updates.sources.${update.source}`)}
          </Typography>
          {update.details && <Typography sx={{ whiteSpace: 'pre-line' }}>{update.details}</Typography>}
        </Box>
      ))}
    </Box>
  );
}
