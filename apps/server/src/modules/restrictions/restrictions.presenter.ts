import type {
  TChangeOffice,
  TCommitment,
  TRestrictionDetail,
  TRestrictionListItem,
  TRestrictionVersion,
} from '@stp/shared';
import { countryRef, sectorRef, type CatalogueReference } from '../sectors/catalogue-reference.js';

/**
 * The columns every read of restrictions shares (the browse list, the browse index's load and
 * catch-up, the export): each adds its own.
 */
export interface RestrictionBaseRow {
  id: number;
  slug: string;
  title: string;
  title_fr: string | null;
  country_code: string;
  sector_id: number;
  sub_sector_id: number | null;
  specific_service_id: number | null;
  policy_id: number | null;
  restriction_type: string;
  market_access: string;
  national_treatment: string;
  non_compliance_type: string | null;
  modes_of_supply: string[];
  restrictiveness_indicator: number | null;
  year_introduced: number | null;
  status: string;
}

/** The columns of a browse row, as the list query selects them. */
export interface RestrictionListRow extends RestrictionBaseRow {
  updated_at: Date | string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const optionalSector = (reference: CatalogueReference, id: number | null) => {
  const node = id === null ? undefined : reference.sectors.get(id);
  return node ? sectorRef(node) : null;
};

/** A browse row, named with the reference lists. */
export function presentListItem(
  row: RestrictionListRow,
  reference: CatalogueReference,
): Omit<TRestrictionListItem, 'highlight'> {
  const sector = reference.sectors.get(row.sector_id);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    title_fr: row.title_fr,
    country: countryRef(reference, row.country_code),
    sector: sector
      ? sectorRef(sector)
      : { id: row.sector_id, slug: '', code: '', level: 1, name: { en: '', fr: '' } },
    sub_sector: optionalSector(reference, row.sub_sector_id),
    specific_service: optionalSector(reference, row.specific_service_id),
    policy: (row.policy_id !== null && reference.policies.get(row.policy_id)) || null,
    restriction_type: row.restriction_type,
    market_access: row.market_access as 'yes' | 'no',
    national_treatment: row.national_treatment as 'yes' | 'no',
    non_compliance_type: row.non_compliance_type,
    modes_of_supply: row.modes_of_supply,
    restrictiveness_indicator: row.restrictiveness_indicator,
    year_introduced: row.year_introduced,
    status: row.status,
    updated_at: iso(row.updated_at),
  };
}

/** The detail columns beyond the list's. */
export interface RestrictionDetailRow extends RestrictionListRow {
  discriminative: string | null;
  measure_type: string | null;
  responsible_agency: string;
  commitments_made: string;
  other_dates: string;
  proposed_removal_year: number | null;
  year_removed_or_amended: number | null;
  text_of_measure: string;
  remarks: string;
  text_of_measure_fr: string | null;
  remarks_fr: string | null;
  version: number;
  archived: boolean;
  archived_at: Date | string | null;
  created_at: Date | string;
}

/** A version as the queries read it: who made it only as the facts that name the office. */
export interface VersionRow {
  version: number;
  change_type: TRestrictionVersion['change_type'];
  changed_at: Date | string;
  changes: Record<string, { old: unknown; new: unknown }>;
  /** The restriction's country in this version. */
  country_code: string | null;
  changed_by_id: number | null;
  changed_by_superuser: boolean | null;
  changed_by_country: string | null;
}

const communityOffice: TChangeOffice = {
  kind: 'community',
  name: { en: 'East African Community Secretariat', fr: "Secrétariat de la Communauté d'Afrique de l'Est" },
};

/**
 * The office credited with a change: the partner state's when a staff member of the restriction's own
 * country made it (under a restriction access grant), otherwise the Community's secretariat (superusers
 * and staff acting for another country); null for the portal itself or a removed account.
 */
export function officeOf(version: VersionRow, reference: CatalogueReference): TChangeOffice | null {
  if (version.changed_by_id === null) return null;
  const ownCountry =
    !version.changed_by_superuser &&
    version.country_code !== null &&
    version.changed_by_country === version.country_code;
  if (!ownCountry) return communityOffice;
  const country = countryRef(reference, version.country_code!).name;
  return {
    kind: 'partner_state',
    name: { en: `${country.en} (partner state)`, fr: `${country.fr} (État partenaire)` },
  };
}

/** One version of the history as the public reads it: the office, never the person. */
export function presentVersion(version: VersionRow, reference: CatalogueReference): TRestrictionVersion {
  return {
    version: version.version,
    change_type: version.change_type,
    changed_at: iso(version.changed_at),
    changed_by: officeOf(version, reference),
    changes: Object.entries(version.changes ?? {}).map(([field, change]) => ({
      field,
      old: change.old,
      new: change.new,
    })),
  };
}

export interface CommitmentRow {
  id: number;
  country_code: string;
  sector_id: number;
  committed_to_liberalise: boolean;
  year_committed: number | null;
  details: string;
}

/** A commitment, named with the reference lists. */
export function presentCommitment(row: CommitmentRow, reference: CatalogueReference): TCommitment {
  const sector = reference.sectors.get(row.sector_id);
  return {
    id: row.id,
    country: countryRef(reference, row.country_code),
    sector: sector
      ? sectorRef(sector)
      : { id: row.sector_id, slug: '', code: '', level: 1, name: { en: '', fr: '' } },
    committed_to_liberalise: row.committed_to_liberalise,
    year_committed: row.year_committed,
    details: row.details,
  };
}

/** The restriction view: every field, the commitment, the history and the updates. */
export function presentDetail(
  row: RestrictionDetailRow,
  parts: {
    versions: VersionRow[];
    updates: TRestrictionDetail['updates'];
    commitment: CommitmentRow | null;
  },
  reference: CatalogueReference,
): TRestrictionDetail {
  return {
    ...presentListItem(row, reference),
    discriminative: row.discriminative,
    measure_type: row.measure_type,
    responsible_agency: row.responsible_agency,
    commitments_made: row.commitments_made,
    other_dates: row.other_dates,
    proposed_removal_year: row.proposed_removal_year,
    year_removed_or_amended: row.year_removed_or_amended,
    text_of_measure: row.text_of_measure,
    remarks: row.remarks,
    text_of_measure_fr: row.text_of_measure_fr,
    remarks_fr: row.remarks_fr,
    version: row.version,
    archived: row.archived,
    archived_at: row.archived_at === null ? null : iso(row.archived_at),
    created_at: iso(row.created_at),
    commitment: parts.commitment ? presentCommitment(parts.commitment, reference) : null,
    history: parts.versions.map((version) => presentVersion(version, reference)),
    updates: parts.updates,
  };
}
