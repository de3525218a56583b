import { allPermissionDefinitions, reviewPermission, slugify, type ReviewStage } from '@stp/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import {
  countries,
  groupPermissions,
  groups,
  permissions,
  policies,
  reviewStages,
  sectors,
} from '../schema/index.js';
import { isoCountryCodes, partnerStateCodes } from './data/countries.js';
import { policyAreas } from './data/policy-areas.js';
import { w120Sectors, type SectorSeed } from './data/w120-sectors.js';
import { seedHolidays } from './holidays.js';

/** Deadline in days of each review stage (configurable later in the admin). */
const stageDeadlines: Record<ReviewStage, number> = { regulator: 14, regional: 21, council: 30 };

const reviewerPermissions = (stage: ReviewStage) => [
  reviewPermission(stage),
  'complaints.view_complaint',
  'complaints.change_complaint',
  'complaints.view_complaintattachment',
  'complaints.view_reviewlog',
  'complaints.add_reviewlog',
];

const crud = (app: string, ...models: string[]) =>
  models.flatMap((model) => ['add', 'change', 'delete', 'view'].map((action) => `${app}.${action}_${model}`));

/** The groups of ARCHITECTURE.md: one per review stage, content editors and data officers. */
export const baseGroups: { name: string; description: string; permissions: string[] }[] = [
  {
    name: 'Regulators',
    description: 'National regulators: review complaints of their own country at the first stage.',
    permissions: reviewerPermissions('regulator'),
  },
  {
    name: 'Regional reviewers',
    description: 'The regional secretariat: second review stage.',
    // The secretariat keeps the partner states' holiday table (working-day deadlines).
    permissions: [...reviewerPermissions('regional'), ...crud('complaints', 'publicholiday')],
  },
  {
    name: 'Council',
    description: 'The council: final review stage.',
    permissions: reviewerPermissions('council'),
  },
  {
    name: 'Content editors',
    description:
      'Pages, page templates, publications, reports, featured insights, notifications and indicators.',
    permissions: [
      ...crud(
        'core',
        'pagetemplate',
        'page',
        'publication',
        'report',
        'reporttag',
        'featuredinsight',
        'smsservice',
      ),
      ...crud('restrictions', 'notification', 'indicator'),
    ],
  },
  {
    name: 'Data officers',
    description: 'Restrictions, their updates and the commitments, within their restriction access rules.',
    permissions: [
      ...crud('restrictions', 'restriction', 'restrictionupdate', 'commitment'),
      'restrictions.view_restrictionversion',
      'restrictions.view_sector',
      'restrictions.view_policy',
    ],
  },
];

/** ICU's short forms ("Congo - Kinshasa") replaced by the names the community uses. */
const officialNames: Record<string, { en: string; fr: string }> = {
  CD: { en: 'Democratic Republic of the Congo', fr: 'République démocratique du Congo' },
  CG: { en: 'Republic of the Congo', fr: 'République du Congo' },
};

function flattenSectors(
  list: SectorSeed[],
  level: number,
  parentCode: string | null,
): { seed: SectorSeed; level: number; parentCode: string | null }[] {
  return list.flatMap((seed) => [
    { seed, level, parentCode },
    ...flattenSectors(seed.children ?? [], level + 1, seed.code),
  ]);
}

async function seedSectors(tx: Executor): Promise<void> {
  const flat = flattenSectors(w120Sectors, 1, null);
  const usedSlugs = new Set<string>();
  const slugFor = (seed: SectorSeed) => {
    let slug = slugify(seed.name.en);
    if (usedSlugs.has(slug)) slug = slugify(`${seed.name.en} ${seed.code.replace(/\./g, '-')}`);
    usedSlugs.add(slug);
    return slug;
  };
  const existing = await tx.select({ id: sectors.id, code: sectors.code }).from(sectors);
  const idByCode = new Map(existing.map((row) => [row.code, row.id]));
  for (const slug of (await tx.select({ slug: sectors.slug }).from(sectors)).map((row) => row.slug))
    usedSlugs.add(slug);
  // Parents come before their children in `flat`, so every parent id is known when a child is inserted.
  for (const [position, { seed, level, parentCode }] of flat.entries()) {
    if (idByCode.has(seed.code)) continue;
    const [row] = await tx
      .insert(sectors)
      .values({
        code: seed.code,
        level,
        parentId: parentCode ? (idByCode.get(parentCode) ?? null) : null,
        cpc: seed.cpc ?? null,
        slug: slugFor(seed),
        nameEn: seed.name.en,
        nameFr: seed.name.fr,
        sortOrder: position,
      })
      .returning({ id: sectors.id });
    if (row) idByCode.set(seed.code, row.id);
  }
}

/** Base data every installation needs; safe to run again (existing rows are kept as they are). */
export async function seedBase(tx: Executor): Promise<void> {
  await tx
    .insert(permissions)
    .values(allPermissionDefinitions())
    .onConflictDoNothing({ target: permissions.codename });

  for (const group of baseGroups) {
    const [row] = await tx
      .insert(groups)
      .values({ name: group.name, description: group.description })
      .onConflictDoUpdate({ target: groups.name, set: { name: sql`excluded.name` } })
      .returning({ id: groups.id });
    if (!row) continue;
    const perms = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.codename, group.permissions));
    if (perms.length > 0) {
      await tx
        .insert(groupPermissions)
        .values(perms.map((perm) => ({ groupId: row.id, permissionId: perm.id })))
        .onConflictDoNothing();
    }
  }

  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const french = new Intl.DisplayNames(['fr'], { type: 'region' });
  const name = (code: string) =>
    officialNames[code] ?? { en: english.of(code) ?? code, fr: french.of(code) ?? code };
  await tx
    .insert(countries)
    .values(
      isoCountryCodes.map((code) => ({
        code,
        nameEn: name(code).en,
        nameFr: name(code).fr,
        isPartnerState: partnerStateCodes.includes(code),
      })),
    )
    .onConflictDoNothing({ target: countries.code });

  await seedSectors(tx);
  await seedHolidays(tx);

  await tx
    .insert(policies)
    .values(
      policyAreas.map((area, position) => ({
        slug: area.slug,
        nameEn: area.name.en,
        nameFr: area.name.fr,
        descriptionEn: area.description.en,
        descriptionFr: area.description.fr,
        sortOrder: position,
      })),
    )
    .onConflictDoNothing({ target: policies.slug });

  await tx
    .insert(reviewStages)
    .values(
      (Object.entries(stageDeadlines) as [ReviewStage, number][]).map(([stage, deadlineDays], position) => ({
        stage,
        position,
        deadlineDays,
      })),
    )
    .onConflictDoNothing({ target: reviewStages.stage });
}
