import './restriction-texts.js';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TRestrictionDetail, TShownText } from '@stp/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EnglishOnly, ShownText, useShownText } from '../../components/shown-text.js';
import { formatNumber, withColon } from '../../lib/format.js';
import { FieldList, Section, type FieldEntry } from './field-list.js';
import type { CatalogueLabels } from './labels.js';
import { CommittedChip } from './result-parts.js';

/** A long text as written (line breaks kept), or "Not stated"; an English fallback marked first. */
function LongText({ text }: { text: TShownText }) {
  if (!text.text.trim()) return <NotStated />;
  if (!text.fallback) return <div className="long-text">{text.text}</div>;
  return (
    <>
      <EnglishOnly sx={{ ml: 0, mb: 0.5 }} />
      <div className="long-text" lang="en">
        {text.text}
      </div>
    </>
  );
}

function NotStated() {
  const { t } = useTranslation();
  return <span className="not-stated">{t('catalogue.restriction.notStated')}</span>;
}

const orNotStated = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? <NotStated /> : value;

/** Classification, Measure, Dates and Commitments of a restriction (spec 3 fields), as labelled lists. */
export function RestrictionSections({
  detail,
  labels,
}: {
  detail: TRestrictionDetail;
  labels: CatalogueLabels;
}) {
  const { t } = useTranslation();
  const shown = useShownText();
  const f = (key: string, value: ReactNode, wide = false): FieldEntry => ({
    key,
    label: t(`catalogue.fields.${key}`),
    value: orNotStated(value),
    wide,
  });
  const name = (ref: { name: { en: string; fr: string } } | null) => ref?.name[labels.language] ?? '';
  const indicator = detail.restrictiveness_indicator;

  const classification = [
    f('country', name(detail.country)),
    f('sector', name(detail.sector)),
    f('subSector', name(detail.sub_sector)),
    f('specificService', name(detail.specific_service)),
    f('policy', name(detail.policy)),
    f('restrictionType', labels.choice('restrictionTypes', detail.restriction_type)),
    f('marketAccess', labels.choice('yesNo', detail.market_access)),
    f('nationalTreatment', labels.choice('yesNo', detail.national_treatment)),
    f('nonComplianceType', labels.choice('nonComplianceTypes', detail.non_compliance_type)),
    f('discriminative', labels.choice('discriminativeList', detail.discriminative)),
    f('measureType', labels.choice('typeOfMeasureList', detail.measure_type)),
    f('restrictivenessIndicator', formatNumber(indicator, labels.language)),
    f(
      'modesOfSupply',
      detail.modes_of_supply.length ? (
        <ul>
          {detail.modes_of_supply.map((mode) => (
            <li key={mode}>{labels.choice('modeOfSupply', mode)}</li>
          ))}
        </ul>
      ) : (
        ''
      ),
    ),
    f('status', labels.choice('restrictionStatus', detail.status)),
  ];
  const measure = [
    f(
      'textOfMeasure',
      <LongText text={shown.field(detail.text_of_measure, detail.text_of_measure_fr)} />,
      true,
    ),
    f('responsibleAgency', detail.responsible_agency, true),
    f('remarks', <LongText text={shown.field(detail.remarks, detail.remarks_fr)} />, true),
  ];
  const dates = [
    f('yearIntroduced', detail.year_introduced),
    f('yearRemovedOrAmended', detail.year_removed_or_amended),
    f('proposedRemovalYear', detail.proposed_removal_year),
    // Free English text without a French column: marked "English only" to a French reader.
    f('otherDates', detail.other_dates && <ShownText text={shown.field(detail.other_dates, null)} />),
  ];
  const commitment = detail.commitment;
  return (
    <>
      <Section
        id="classification"
        title={t('catalogue.restriction.sections.classification')}
        testId="section-classification"
      >
        <FieldList fields={classification} />
      </Section>
      <Section id="measure" title={t('catalogue.restriction.sections.measure')} testId="section-measure">
        <FieldList fields={measure} />
      </Section>
      <Section id="dates" title={t('catalogue.restriction.sections.dates')} testId="section-dates">
        <FieldList fields={dates} />
      </Section>
      <Section
        id="commitments"
        title={t('catalogue.restriction.sections.commitments')}
        testId="section-commitments"
      >
        <FieldList
          fields={[
            f('commitmentsMade', <LongText text={shown.field(detail.commitments_made, null)} />, true),
          ]}
        />
        <Box
          sx={{ mt: 2.5, p: 2, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
          data-testid="commitment"
        >
          <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
            {t('catalogue.restriction.commitment.title', {
              country: name(detail.country),
              sector: name(detail.sector),
            })}
          </Typography>
          {commitment ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <span>{withColon(t('catalogue.restriction.commitment.committed'))}</span>
                <CommittedChip
                  committed={commitment.committed_to_liberalise}
                  year={commitment.year_committed}
                />
              </Box>
              {commitment.details && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {commitment.details}
                </Typography>
              )}
            </>
          ) : (
            <Typography color="text.secondary">{t('catalogue.restriction.commitment.unknown')}</Typography>
          )}
        </Box>
      </Section>
    </>
  );
}
