import './restriction-texts.js';
import type { CSSObject, Theme } from '@mui/material/styles';
import type {
  TRestrictionFieldChange,
  TRestrictionStaffVersion,
  TRestrictionUpdate,
  TRestrictionVersion,
} from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { ShownText, useShownText } from '../../components/shown-text.js';
import { formatDate, formatDateTime, formatNumber, withColon } from '../../lib/format.js';
import type { ChoiceListName, CatalogueLabels } from './labels.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

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
  title_fr: 'titleFr',
  text_of_measure_fr: 'textOfMeasureFr',
  remarks_fr: 'remarksFr',
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
    // Years and the indicator: the decimal comma in French, no thousands separator (a year is no amount).
    if (typeof value === 'number')
      return formatNumber(value, labels.language, { maximumFractionDigits: 3, useGrouping: false });
    return String(value);
  }
}

function ChangeItem({ change, labels }: { change: TRestrictionFieldChange; labels: CatalogueLabels }) {
  const { t } = useTranslation();
  const text = useValueText(labels);
  const labelKey = fieldLabels[change.field];
  const long = [
    'text_of_measure',
    'remarks',
    'commitments_made',
    'text_of_measure_fr',
    'remarks_fr',
  ].includes(change.field);
  const clip = (value: string) => (long && value.length > 240 ? `${value.slice(0, 240)}…` : value);
  return (
    <li data-field={change.field}>
      <span className="change-field">{labelKey ? t(`catalogue.fields.${labelKey}`) : change.field}</span>
      {': '}
      <del className="change-old">{clip(text(change.field, change.old))}</del>
      <span aria-hidden> → </span>
      <span style={visuallyHidden}>{` ${t('catalogue.restriction.history.to')} `}</span>
      <ins className="change-new">{clip(text(change.field, change.new))}</ins>
    </li>
  );
}

/**
 * The look of the history and the updates below, as one rule set on the view that holds them (plain
 * elements with class names, as the record's other parts: `recordPartsStyles`).
 */
export const restrictionHistoryStyles = (theme: Theme): CSSObject => ({
  '& .record-empty': { margin: 0, color: theme.palette.text.secondary },
  '& .history': { listStyle: 'none', margin: 0, padding: 0 },
  '& .history-entry': {
    position: 'relative',
    marginLeft: theme.spacing(0.75),
    paddingLeft: theme.spacing(3),
    paddingBottom: theme.spacing(2.5),
    borderLeft: `2px solid ${theme.palette.divider}`,
    '&:last-of-type': { paddingBottom: 0 },
  },
  '& .history-dot': {
    position: 'absolute',
    left: -7,
    top: 4,
    width: 12,
    height: 12,
    borderRadius: '50%',
    backgroundColor: theme.palette.primary.main,
  },
  '& .history-head': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: theme.spacing(1),
    rowGap: theme.spacing(0.5),
  },
  '& .history-when, & .change-field': { fontWeight: 600 },
  '& .history-by': { color: theme.palette.text.secondary },
  '& .history-changes': {
    margin: `${theme.spacing(1)} 0 0`,
    paddingLeft: theme.spacing(2.5),
    '& li': { marginBottom: theme.spacing(0.5), overflowWrap: 'anywhere' },
  },
  '& .change-old': { color: theme.palette.text.secondary, textDecorationColor: 'currentColor' },
  '& .change-new': { textDecoration: 'none', fontWeight: 500 },
  '& .updates': { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.spacing(2) },
  '& .update': { borderLeft: `3px solid ${theme.palette.secondary.main}`, paddingLeft: theme.spacing(2) },
  '& .update-summary': { ...theme.typography.h3, fontSize: '1rem', margin: 0 },
  '& .update-meta': {
    ...theme.typography.body2,
    color: theme.palette.text.secondary,
    margin: `0 0 ${theme.spacing(0.5)}`,
  },
  '& .update-details': { margin: 0, whiteSpace: 'pre-line' },
});

/** The history of a restriction, newest first: when, by whom, and each changed field (old → new). */
export function RestrictionHistory({
  history,
  labels,
}: {
  history: (TRestrictionVersion | TRestrictionStaffVersion)[];
  labels: CatalogueLabels;
}) {
  const { t } = useTranslation();
  if (history.length === 0) return <p className="record-empty">{t('catalogue.restriction.history.empty')}</p>;
  // The office that made the change (issue 29 item 10); staff also read the person's name after it.
  const byLine = (version: TRestrictionVersion | TRestrictionStaffVersion) => {
    const office = version.changed_by;
    const line = office
      ? t(`catalogue.restriction.history.byOffice.${office.kind}`, { name: office.name[labels.language] })
      : t('catalogue.restriction.history.by', { name: t('catalogue.restriction.history.unknownUser') });
    const person = 'changed_by_user' in version ? version.changed_by_user : null;
    return person ? `${line} (${person})` : line;
  };
  return (
    <ol className="history" data-testid="history">
      {history.map((version) => (
        <li key={version.version} className="history-entry" data-testid="history-entry">
          <span className="history-dot" aria-hidden />
          <div className="history-head">
            <span className="status-chip">
              {t(`catalogue.restriction.history.changeType.${version.change_type}`)}
            </span>
            <span className="history-when">
              {formatDateTime(version.changed_at, labels.language, labels.timeZone)}
            </span>
            <span className="history-by">
              {byLine(version)}
              {' · '}
              {t('catalogue.restriction.history.version', { version: version.version })}
            </span>
          </div>
          {version.changes.length > 0 && (
            <ul className="history-changes">
              {version.changes.map((change) => (
                <ChangeItem key={change.field} change={change} labels={labels} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
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
  const shown = useShownText();
  if (updates.length === 0) return <p className="record-empty">{t('catalogue.restriction.updates.empty')}</p>;
  return (
    <ul className="updates" data-testid="updates">
      {updates.map((update) => (
        <li key={update.id} className="update">
          <h3 className="update-summary">
            <ShownText text={shown.field(update.summary, update.summary_fr)} />
          </h3>
          <p className="update-meta">
            {formatDate(update.update_date, labels.language)}
            {' · '}
            {withColon(t('catalogue.restriction.updates.source'), labels.language)}{' '}
            {t(`catalogue.restriction.updates.sources.${update.source}`)}
          </p>
          {update.details && (
            <ShownText
              component="p"
              className="update-details"
              marker={false}
              text={shown.field(update.details, update.details_fr)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
