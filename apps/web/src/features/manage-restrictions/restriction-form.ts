import { ZRestrictionAdminInputSchema, type TRestrictionAdminItem } from '@stp/shared';
import { z } from 'zod';

/** Form values are text (selects, inputs); the schema turns them into the API body and checks it. */
const idOrNull = (value: string) => (value === '' ? null : Number(value));
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value.trim().replace(',', '.')));

/**
 * The form of a restriction: every field of spec 3 as text, validated by the shared admin input schema
 * (same rules and messages as the server) after the conversion.
 */
export const ZRestrictionFormSchema = z
  .object({
    version: z.number().optional(),
    title: z.string(),
    title_fr: z.string(),
    country: z.string(),
    sector: z.string(),
    sub_sector: z.string(),
    specific_service: z.string(),
    policy: z.string(),
    restriction_type: z.string(),
    market_access: z.string(),
    national_treatment: z.string(),
    non_compliance_type: z.string(),
    discriminative: z.string(),
    measure_type: z.string(),
    modes_of_supply: z.array(z.string()),
    restrictiveness_indicator: z.string(),
    responsible_agency: z.string(),
    commitments_made: z.string(),
    other_dates: z.string(),
    proposed_removal_year: z.string(),
    year_removed_or_amended: z.string(),
    year_introduced: z.string(),
    text_of_measure: z.string(),
    remarks: z.string(),
    text_of_measure_fr: z.string(),
    remarks_fr: z.string(),
    status: z.string(),
  })
  .transform((values): unknown => ({
    ...values,
    sector: values.sector === '' ? undefined : Number(values.sector),
    sub_sector: idOrNull(values.sub_sector),
    specific_service: idOrNull(values.specific_service),
    policy: idOrNull(values.policy),
    non_compliance_type: values.non_compliance_type || null,
    discriminative: values.discriminative || null,
    measure_type: values.measure_type || null,
    restrictiveness_indicator: numberOrNull(values.restrictiveness_indicator),
    proposed_removal_year: numberOrNull(values.proposed_removal_year),
    year_removed_or_amended: numberOrNull(values.year_removed_or_amended),
    year_introduced: numberOrNull(values.year_introduced),
  }))
  // The conversion gives text where the API wants its choices: the API schema checks those values.
  .pipe(ZRestrictionAdminInputSchema);
export type TRestrictionFormValues = z.input<typeof ZRestrictionFormSchema>;

/** A new restriction's form. */
export const emptyRestrictionValues: TRestrictionFormValues = {
  title: '',
  title_fr: '',
  country: '',
  sector: '',
  sub_sector: '',
  specific_service: '',
  policy: '',
  restriction_type: '',
  market_access: 'no',
  national_treatment: 'no',
  non_compliance_type: '',
  discriminative: '',
  measure_type: '',
  modes_of_supply: [],
  restrictiveness_indicator: '',
  responsible_agency: '',
  commitments_made: '',
  other_dates: '',
  proposed_removal_year: '',
  year_removed_or_amended: '',
  year_introduced: '',
  text_of_measure: '',
  remarks: '',
  text_of_measure_fr: '',
  remarks_fr: '',
  status: 'in_force',
};

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A saved restriction as form values, with the version the editor loaded (a stale save gets 409). */
export function restrictionFormValues(item: TRestrictionAdminItem): TRestrictionFormValues {
  return {
    version: item.version,
    title: item.title,
    title_fr: item.title_fr ?? '',
    country: item.country.code,
    sector: text(item.sector.id),
    sub_sector: text(item.sub_sector?.id),
    specific_service: text(item.specific_service?.id),
    policy: text(item.policy?.id),
    restriction_type: item.restriction_type,
    market_access: item.market_access,
    national_treatment: item.national_treatment,
    non_compliance_type: text(item.non_compliance_type),
    discriminative: text(item.discriminative),
    measure_type: text(item.measure_type),
    modes_of_supply: item.modes_of_supply,
    restrictiveness_indicator: text(item.restrictiveness_indicator),
    responsible_agency: item.responsible_agency,
    commitments_made: item.commitments_made,
    other_dates: item.other_dates,
    proposed_removal_year: text(item.proposed_removal_year),
    year_removed_or_amended: text(item.year_removed_or_amended),
    year_introduced: text(item.year_introduced),
    text_of_measure: item.text_of_measure,
    remarks: item.remarks,
    text_of_measure_fr: item.text_of_measure_fr ?? '',
    remarks_fr: item.remarks_fr ?? '',
    status: item.status,
  };
}
