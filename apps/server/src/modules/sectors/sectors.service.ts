import type {
  TCommitment,
  TCommitmentListQuery,
  TCommitmentListResponse,
  TSectorPage,
  TSectorTreeItem,
  TSectorTreeResponse,
} from '@stp/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicAs, publicRestrictionRows } from '../../db/public-visibility.js';
import { validationFailed } from '../../http/errors.js';
import { TtlCache } from '../restrictions/restriction-cache.js';
import { presentCommitment, type CommitmentRow } from '../restrictions/restrictions.presenter.js';
import {
  catalogueReference,
  countryRef,
  findSector,
  sectorRef,
  type CatalogueReference,
  type SectorNode,
} from './catalogue-reference.js';

const publicCommitmentRows = publicAs('commitment', 'c');
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const jsonCache = new TtlCache<string | null>(30_000, 500);
const countsCache = new TtlCache<Map<number, number>>(30_000, 1);

/** Visible restrictions per sector node, each counted in its sector, sub-sector and specific service. */
export function sectorCounts(db: Executor): Promise<Map<number, number>> {
  return countsCache.get('all', async () => {
    const rows = rowsOf<{
      sector_id: number;
      sub_sector_id: number | null;
      specific_service_id: number | null;
      n: number;
    }>(
      await db.execute(sql`select r.sector_id, r.sub_sector_id, r.specific_service_id, count(*)::int as n
        from restrictions r where ${publicRestrictionRows} group by 1, 2, 3`),
    );
    const counts = new Map<number, number>();
    const add = (id: number | null, n: number) => {
      if (id !== null) counts.set(id, (counts.get(id) ?? 0) + n);
    };
    for (const row of rows) {
      add(row.sector_id, row.n);
      add(row.sub_sector_id, row.n);
      add(row.specific_service_id, row.n);
    }
    return counts;
  });
}

const byOrder = (a: SectorNode, b: SectorNode) => a.sortOrder - b.sortOrder || a.id - b.id;

function childrenOf(reference: CatalogueReference, parentId: number | null): SectorNode[] {
  return [...reference.sectors.values()]
    .filter((node) => node.visible && node.parentId === parentId)
    .sort(byOrder);
}

/** `GET /api/sectors/tree/` as JSON text. */
export function sectorTreeJson(db: Executor): Promise<string | null> {
  return jsonCache.get('tree', async () => {
    const [reference, counts] = await Promise.all([catalogueReference(db), sectorCounts(db)]);
    const build = (node: SectorNode): TSectorTreeItem => ({
      ...sectorRef(node),
      parent_id: node.parentId,
      restriction_count: counts.get(node.id) ?? 0,
      children: childrenOf(reference, node.id).map(build),
    });
    const sectors = childrenOf(reference, null).map(build);
    const response: TSectorTreeResponse = {
      total: sectors.reduce((sum, node) => sum + node.restriction_count, 0),
      sectors,
    };
    return JSON.stringify(response);
  });
}

const commitmentColumns = sql.raw(
  'c.id, c.country_code, c.sector_id, c.committed_to_liberalise, c.year_committed, c.details',
);

function sortCommitments(list: TCommitment[], reference: CatalogueReference): TCommitment[] {
  const order = (code: string) => reference.countries.get(code)?.sortOrder ?? 0;
  const sectorOrder = (id: number) => reference.sectors.get(id)?.sortOrder ?? 0;
  return list.sort(
    (a, b) =>
      order(a.country.code) - order(b.country.code) ||
      a.country.code.localeCompare(b.country.code) ||
      sectorOrder(a.sector.id) - sectorOrder(b.sector.id) ||
      a.sector.id - b.sector.id,
  );
}

/** `GET /api/sectors/{slug}/` as JSON text, or null when there is no such visible sector. */
export function sectorPageJson(db: Executor, slug: string): Promise<string | null> {
  return jsonCache.get(`sector:${slug}`, async () => {
    const [reference, counts] = await Promise.all([catalogueReference(db), sectorCounts(db)]);
    const node = findSector(reference, slug);
    if (!node) return null;
    const column = sql.raw(
      ({ 1: 'sector_id', 2: 'sub_sector_id', 3: 'specific_service_id' } as const)[node.level],
    );
    const [byCountry, commitmentRows] = await Promise.all([
      db.execute(sql`select r.country_code, count(*)::int as n from restrictions r
        where ${publicRestrictionRows} and r.${column} = ${node.id} group by r.country_code`),
      db.execute(sql`select ${commitmentColumns} from commitments c
        where c.sector_id = ${node.id} and ${publicCommitmentRows}`),
    ]);
    const ancestors = [];
    for (let parent = node.parentId; parent !== null;) {
      const up = reference.sectors.get(parent);
      if (!up) break;
      ancestors.unshift(sectorRef(up));
      parent = up.parentId;
    }
    const countryOrder = (code: string) => {
      const country = reference.countries.get(code);
      return [country?.partnerState ? 0 : 1, country?.sortOrder ?? 0] as const;
    };
    const page: TSectorPage = {
      sector: {
        ...sectorRef(node),
        parent_id: node.parentId,
        cpc: node.cpc,
        description: node.description,
        restriction_count: counts.get(node.id) ?? 0,
      },
      ancestors,
      children: childrenOf(reference, node.id).map((child) => ({
        ...sectorRef(child),
        restriction_count: counts.get(child.id) ?? 0,
      })),
      by_country: rowsOf<{ country_code: string; n: number }>(byCountry)
        .sort((a, b) => {
          const [pa, sa] = countryOrder(a.country_code);
          const [pb, sb] = countryOrder(b.country_code);
          return pa - pb || sa - sb || a.country_code.localeCompare(b.country_code);
        })
        .map((row) => ({ country: countryRef(reference, row.country_code), count: row.n })),
      commitments: sortCommitments(
        rowsOf<CommitmentRow>(commitmentRows)
          .filter((row) => reference.countries.get(row.country_code)?.partnerState)
          .map((row) => presentCommitment(row, reference)),
        reference,
      ),
    };
    return JSON.stringify(page);
  });
}

/** `GET /api/commitments/`: the commitments of the given countries and sector (all when not given). */
export async function listCommitments(
  db: Executor,
  query: TCommitmentListQuery,
): Promise<TCommitmentListResponse> {
  const reference = await catalogueReference(db);
  const errors: Record<string, string> = {};
  const countries = [...new Set(query.country ?? [])];
  if (countries.some((code) => !reference.countries.has(code))) errors.country = 'Select a valid country.';
  const sector = query.sector ? findSector(reference, query.sector) : undefined;
  if (query.sector && !sector) errors.sector = 'Select a valid choice.';
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const parts = [publicCommitmentRows];
  if (countries.length > 0)
    parts.push(
      sql`c.country_code in (${sql.join(
        countries.map((code) => sql`${code}`),
        sql`, `,
      )})`,
    );
  if (sector) parts.push(sql`c.sector_id = ${sector.id}`);
  const rows = rowsOf<CommitmentRow>(
    await db.execute(
      sql`select ${commitmentColumns} from commitments c where ${sql.join(parts, sql` and `)}`,
    ),
  );
  const results = sortCommitments(
    rows.map((row) => presentCommitment(row, reference)),
    reference,
  );
  return { count: results.length, results };
}
