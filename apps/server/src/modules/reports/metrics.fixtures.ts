import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { commitments, complaints, policies, restrictions, sectors } from '../../db/schema/index.js';

export interface MetricRows {
  s1: { id: number; slug: string };
  s2: { id: number; slug: string };
  policy: { id: number; slug: string };
}

type RestrictionRow = typeof restrictions.$inferInsert;

/** Six measures: four live ones (three in Kenya, one removed in Tanzania), one archived, one deleted; commitments and complaints. */
export async function seedMetricRows(db: Database): Promise<MetricRows> {
  const level1 = await db
    .select({ id: sectors.id, slug: sectors.slug })
    .from(sectors)
    .where(eq(sectors.level, 1))
    .orderBy(asc(sectors.sortOrder), asc(sectors.code));
  const [s1, s2] = level1 as [MetricRows['s1'], MetricRows['s2']];
  const [policy] = (await db.select({ id: policies.id, slug: policies.slug }).from(policies).limit(1)) as [
    MetricRows['policy'],
  ];
  const base = (n: number, row: Partial<RestrictionRow>): RestrictionRow => ({
    slug: `metric-${n}`,
    title: `Measure ${n}`,
    countryCode: 'KE',
    sectorId: s1.id,
    restrictionType: 'foreign_equity_limit',
    ...row,
  });
  await db.insert(restrictions).values([
    base(1, {
      restrictivenessIndicator: 0.5,
      modesOfSupply: ['mode_1', 'mode_3'],
      yearIntroduced: 2000,
      policyId: policy.id,
    }),
    base(2, {
      restrictivenessIndicator: 0.7,
      modesOfSupply: ['mode_3'],
      restrictionType: 'nationality_requirement',
      yearIntroduced: 2000,
      yearRemovedOrAmended: 2005,
    }),
    base(3, {
      sectorId: s2.id,
      restrictivenessIndicator: 0.2,
      modesOfSupply: ['mode_4'],
      yearIntroduced: 2002,
    }),
    base(4, {
      countryCode: 'TZ',
      restrictivenessIndicator: 0.4,
      modesOfSupply: ['mode_1'],
      restrictionType: 'residency_requirement',
      yearIntroduced: 2003,
      yearRemovedOrAmended: 2004,
      status: 'removed',
    }),
    base(5, {
      countryCode: 'TZ',
      sectorId: s2.id,
      restrictivenessIndicator: 1,
      modesOfSupply: ['mode_2'],
      yearIntroduced: 1999,
      archived: true,
    }),
    base(6, {
      countryCode: 'UG',
      sectorId: s2.id,
      restrictivenessIndicator: 0.9,
      modesOfSupply: ['mode_2'],
      yearIntroduced: 1998,
      deletedOn: new Date(),
    }),
  ]);
  await db.insert(commitments).values([
    { countryCode: 'KE', sectorId: s1.id, committedToLiberalise: true },
    { countryCode: 'KE', sectorId: s2.id, committedToLiberalise: true },
    { countryCode: 'TZ', sectorId: s1.id, committedToLiberalise: false },
    { countryCode: 'UG', sectorId: s1.id, committedToLiberalise: true, archived: true },
  ]);
  const complaint = (n: number, status: string, archived = false) => ({
    reference: `CMP-METRIC-${n}`,
    restrictionType: 'foreign_equity_limit',
    detailsOfOccurrence: 'Private details that must never reach a metric.',
    dateOfOccurrence: '2024-01-01',
    countryCode: 'KE',
    briefDescription: 'Brief',
    status,
    archived,
  });
  await db
    .insert(complaints)
    .values([
      complaint(1, 'resolved'),
      complaint(2, 'resolved'),
      complaint(3, 'submitted'),
      complaint(4, 'in_review', true),
    ]);
  return { s1, s2, policy };
}
