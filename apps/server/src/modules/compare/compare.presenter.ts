import {
  compareLimits,
  modeOfSupply,
  type TCommitment,
  type TCompareCell,
  type TCompareIndex,
  type TCompareResponse,
  type TCompareRestriction,
  type TCompareRow,
  type TPolicyRef,
} from '@stp/shared';
import { countryRef, sectorRef, type CatalogueReference } from '../sectors/catalogue-reference.js';
import { presentCommitment, type CommitmentRow } from '../restrictions/restrictions.presenter.js';
import type { CompareScope } from './compare.service.js';

/** One row of the comparison's statement (compare.service.ts): a cell, an index or a commitment. */
export interface CompareSqlRow {
  kind: 'mode' | 'policy' | 'total' | 'index' | 'commitment';
  country_code: string;
  /** The mode, the policy area's id ('' for none), or ''. */
  key: string;
  count: number;
  value: number | null;
  /** A cell's first titles, or a commitment's row. */
  data: TCompareRestriction[] | CommitmentRow | null;
}

/** A row of values with whether any differs from the first (compared by `key`). */
function row<T>(values: T[], key: (value: T) => unknown): TCompareRow<T> {
  const first = values.length > 0 ? key(values[0] as T) : undefined;
  return { differs: values.some((value) => key(value) !== first), values };
}

const byCount = (cell: TCompareCell) => cell.count;
const byIndex = (index: TCompareIndex) => index.value;
const byCommitment = (commitment: TCommitment | null) =>
  commitment ? `${commitment.committed_to_liberalise} ${commitment.year_committed}` : 'none';

/** The policy areas' rows: the public order of the reference first, other areas after, "not classified" last. */
function policyKeys(rows: CompareSqlRow[], reference: CatalogueReference): string[] {
  const present = new Set(rows.filter((r) => r.kind === 'policy' && r.count > 0).map((r) => r.key));
  const ordered = [...reference.publicPolicies.keys()].map(String).filter((key) => present.has(key));
  const others = [...present].filter((key) => key !== '' && !ordered.includes(key)).sort();
  return [...ordered, ...others, ...(present.has('') ? [''] : [])];
}

function policyOf(key: string, reference: CatalogueReference): TPolicyRef | null {
  if (key === '') return null;
  const id = Number(key);
  return reference.policies.get(id) ?? { id, slug: '', name: { en: '', fr: '' } };
}

/** The comparison: one column per state, rows of counts, the index and the commitment, differences marked. */
export function presentComparison(
  rows: CompareSqlRow[],
  scope: CompareScope,
  reference: CatalogueReference,
): TCompareResponse {
  const found = new Map(rows.map((r) => [`${r.kind}|${r.country_code}|${r.key}`, r]));
  const cellsOf = (kind: CompareSqlRow['kind'], key: string): TCompareCell[] =>
    scope.countries.map((code) => {
      const hit = found.get(`${kind}|${code}|${key}`);
      return { count: hit?.count ?? 0, restrictions: (hit?.data as TCompareRestriction[] | null) ?? [] };
    });
  const index = scope.countries.map((code): TCompareIndex => {
    const hit = found.get(`index|${code}|`);
    return { value: hit?.value ?? null, measures: hit?.count ?? 0 };
  });
  const commitments = scope.countries.map((code) => {
    const hit = found.get(`commitment|${code}|`);
    return hit?.data ? presentCommitment(hit.data as CommitmentRow, reference) : null;
  });
  return {
    sector: sectorRef(scope.sector),
    countries: scope.countries.map((code) => countryRef(reference, code)),
    titles_per_cell: compareLimits.titlesPerCell,
    total: row(cellsOf('total', ''), byCount),
    index: row(index, byIndex),
    commitment: row(commitments, byCommitment),
    by_mode: modeOfSupply.map((mode) => ({ mode: mode.value, ...row(cellsOf('mode', mode.value), byCount) })),
    by_policy: policyKeys(rows, reference).map((key) => ({
      policy: policyOf(key, reference),
      ...row(cellsOf('policy', key), byCount),
    })),
  };
}
