import type { TCountryRef, TPolicyRef, TSectorRef } from '@stp/shared';
import { asc, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { publicPolicy, publicSector } from '../../db/public-visibility.js';
import { countries, policies, sectors } from '../../db/schema/index.js';
import { memoize, type Memoized } from '../../lib/memoize.js';

/** A sector with what the catalogue needs beyond its reference. */
export interface SectorNode extends TSectorRef {
  parentId: number | null;
  cpc: string | null;
  description: { en: string; fr: string };
  sortOrder: number;
  /** Public (db/public-visibility.ts): in the tree, a sector page, a filter. Hidden ones still name rows. */
  visible: boolean;
}

/** Countries, sectors and policies, kept in memory: the presenters name rows without joins. */
export interface CatalogueReference {
  countries: Map<string, TCountryRef & { partnerState: boolean; sortOrder: number }>;
  sectors: Map<number, SectorNode>;
  sectorsBySlug: Map<string, SectorNode>;
  /** Every policy area not deleted: a restriction keeps the name of its area. */
  policies: Map<number, TPolicyRef>;
  /** The public policy areas, in order: `GET /api/policies/` and the browse filter. */
  publicPolicies: Map<number, TPolicyRef>;
  publicPoliciesBySlug: Map<string, TPolicyRef>;
}

// Reference lists change only through the admin; a minute of staleness per instance is acceptable
// and `clearCatalogueReference` drops it at once after an admin write on this instance.
const ttlMs = 60_000;
const cache = new WeakMap<object, Memoized<CatalogueReference>>();

async function loadReference(db: Executor): Promise<CatalogueReference> {
  const [countryRows, sectorRows, policyRows] = await Promise.all([
    db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.nameEn)),
    db
      .select({ row: sectors, visible: sql<boolean>`${publicSector}` })
      .from(sectors)
      .where(isNull(sectors.deletedOn))
      .orderBy(asc(sectors.sortOrder), asc(sectors.id)),
    db
      .select({ row: policies, visible: sql<boolean>`${publicPolicy}` })
      .from(policies)
      .where(isNull(policies.deletedOn))
      .orderBy(asc(policies.sortOrder), asc(policies.id)),
  ]);
  const reference: CatalogueReference = {
    countries: new Map(),
    sectors: new Map(),
    sectorsBySlug: new Map(),
    policies: new Map(),
    publicPolicies: new Map(),
    publicPoliciesBySlug: new Map(),
  };
  for (const row of countryRows) {
    reference.countries.set(row.code, {
      code: row.code,
      name: { en: row.nameEn, fr: row.nameFr },
      partnerState: row.isPartnerState,
      sortOrder: row.sortOrder,
    });
  }
  for (const { row, visible } of sectorRows) {
    const node: SectorNode = {
      id: row.id,
      slug: row.slug,
      code: row.code,
      level: row.level as SectorNode['level'],
      name: { en: row.nameEn, fr: row.nameFr },
      parentId: row.parentId,
      cpc: row.cpc,
      description: { en: row.descriptionEn, fr: row.descriptionFr },
      sortOrder: row.sortOrder,
      visible,
    };
    reference.sectors.set(node.id, node);
    reference.sectorsBySlug.set(node.slug, node);
  }
  for (const { row, visible } of policyRows) {
    const policy = { id: row.id, slug: row.slug, name: { en: row.nameEn, fr: row.nameFr } };
    reference.policies.set(policy.id, policy);
    if (!visible) continue;
    reference.publicPolicies.set(policy.id, policy);
    reference.publicPoliciesBySlug.set(policy.slug, policy);
  }
  return reference;
}

/** The reference lists of this database, loaded at most once a minute. */
export function catalogueReference(db: Executor): Promise<CatalogueReference> {
  let memo = cache.get(db);
  if (!memo) {
    memo = memoize(ttlMs, () => loadReference(db));
    cache.set(db, memo);
  }
  return memo.get();
}

/** Forgets the reference lists of this database (after an admin write to sectors, policies, countries). */
export function clearCatalogueReference(db: Executor): void {
  cache.get(db)?.clear();
}

/** The public reference of a sector (no internal fields). */
export function sectorRef(node: SectorNode): TSectorRef {
  return { id: node.id, slug: node.slug, code: node.code, level: node.level, name: node.name };
}

/** A public sector named by id or slug, or undefined (a hidden one is as unknown as a missing one). */
export function findSector(reference: CatalogueReference, idOrSlug: string): SectorNode | undefined {
  const node = /^\d+$/.test(idOrSlug)
    ? reference.sectors.get(Number(idOrSlug))
    : reference.sectorsBySlug.get(idOrSlug.toLowerCase());
  return node?.visible ? node : undefined;
}

/** A public policy area named by id or slug, or undefined (a hidden one is as unknown as a missing one). */
export function findPolicy(reference: CatalogueReference, idOrSlug: string): TPolicyRef | undefined {
  return /^\d+$/.test(idOrSlug)
    ? reference.publicPolicies.get(Number(idOrSlug))
    : reference.publicPoliciesBySlug.get(idOrSlug.toLowerCase());
}

/** A country's reference, with its code as the name when unknown. */
export function countryRef(reference: CatalogueReference, code: string): TCountryRef {
  const country = reference.countries.get(code);
  return { code, name: country ? country.name : { en: code, fr: code } };
}
