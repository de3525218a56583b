// Test data of public-visibility.test.ts: for each public resource a draft (unpublished or inactive) and
// an archived record, each carrying a word of its own, and a few visible records beside them.
import {
  commitments,
  complaints,
  featuredInsights,
  indicators,
  notifications,
  pages,
  pageTemplates,
  policies,
  publications,
  reports,
  sectors,
  smsServices,
} from '../db/schema/index.js';
import type { TestContext } from '../test/harness.js';
import { firstPolicy, insertRestriction, sectorByCode } from './restrictions/test-support.js';

export interface Hidden {
  /** The word only this record carries (in its slug, title or text). */
  word: string;
  slug?: string;
  id?: number | string;
}

/** Slugs of visible records, also opened: their answers name related records (commitments, reports). */
const visibleSlugs = [
  'visible-measure-ke',
  'visible-measure-tz',
  'visible-measure-ug',
  'visible-notification',
  'visible-publication',
  'visible-page',
  'visible-indicator',
  'visible-report',
];
const today = new Date().toISOString().slice(0, 10);

/** A record of the given resource and state: its word, which is also its slug. */
export const wordOf = (resource: string, state: 'draft' | 'archived' | 'inactive') =>
  `hid${resource}${state}`;
const archivedFlags = { archived: true, archivedAt: new Date() };

/** Inserts the records: the hidden ones, and the slugs of visible ones whose answers name others. */
export async function seedHiddenRecords(ctx: TestContext): Promise<{ hidden: Hidden[]; visible: string[] }> {
  const db = ctx.db;
  const hidden: Hidden[] = [];
  const business = await sectorByCode(db, '1');
  const policy = await firstPolicy(db);

  // Sectors and policy areas: an inactive and an archived one each, no restriction in them.
  for (const [state, flags] of [
    ['inactive', { active: false }],
    ['archived', archivedFlags],
  ] as const) {
    const word = wordOf('sector', state);
    const [sector] = await db
      .insert(sectors)
      .values({ level: 1, code: word, slug: word, nameEn: `${word} services`, nameFr: word, ...flags })
      .returning({ id: sectors.id });
    hidden.push({ word, slug: word, id: sector!.id });
    const policyWord = wordOf('policy', state);
    const [area] = await db
      .insert(policies)
      .values({ slug: policyWord, nameEn: `${policyWord} area`, nameFr: policyWord, ...flags })
      .returning({ id: policies.id });
    hidden.push({ word: policyWord, slug: policyWord, id: area!.id });
  }

  // Restrictions: visible ones in three partner states (their commitments: visible, inactive, archived).
  await insertRestriction(db, {
    slug: 'visible-measure-ke',
    title: 'Visible measure in Kenya',
    policyId: policy.id,
    status: 'in_force',
  });
  await insertRestriction(db, { slug: 'visible-measure-tz', title: 'Visible measure', countryCode: 'TZ' });
  await insertRestriction(db, { slug: 'visible-measure-ug', title: 'Visible measure', countryCode: 'UG' });
  await db.insert(commitments).values([
    { countryCode: 'KE', sectorId: business.id, committedToLiberalise: true, details: 'Visible commitment' },
    {
      countryCode: 'TZ',
      sectorId: business.id,
      committedToLiberalise: true,
      details: wordOf('commitment', 'inactive'),
      active: false,
    },
    {
      countryCode: 'UG',
      sectorId: business.id,
      committedToLiberalise: true,
      details: wordOf('commitment', 'archived'),
      ...archivedFlags,
    },
  ]);
  hidden.push({ word: wordOf('commitment', 'inactive') }, { word: wordOf('commitment', 'archived') });
  for (const [state, flags] of [
    ['inactive', { active: false }],
    ['archived', archivedFlags],
  ] as const) {
    const word = wordOf('restriction', state);
    const row = await insertRestriction(db, {
      slug: word,
      title: `${word} measure`,
      textOfMeasure: `The ${word} text.`,
      status: 'in_force',
      ...flags,
    });
    hidden.push({ word, slug: word, id: row.id });
  }

  // Notifications of this year: one published, a draft, an archived and an inactive one.
  const notification = (word: string, values: Partial<typeof notifications.$inferInsert>) => ({
    slug: word,
    reference: word.toUpperCase(),
    countryCode: 'RW',
    status: 'notified',
    notificationDate: today,
    descriptionOfMeasure: `The ${word} measure.`,
    ...values,
  });
  await db
    .insert(notifications)
    .values([
      notification('visible-notification', {}),
      notification(wordOf('notification', 'draft'), { status: 'draft' }),
      notification(wordOf('notification', 'archived'), archivedFlags),
      notification(wordOf('notification', 'inactive'), { active: false }),
    ]);
  for (const state of ['draft', 'archived', 'inactive'] as const)
    hidden.push({ word: wordOf('notification', state), slug: wordOf('notification', state) });

  // Publications (their files in the store: the visible one's opens).
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const publication = async (word: string, values: Partial<typeof publications.$inferInsert>) => ({
    slug: word,
    titleEn: `${word} report`,
    titleFr: word,
    publishedOn: today,
    fileKey: await ctx.storage.put('publications', pdf, 'pdf'),
    fileName: `${word}.pdf`,
    fileSize: pdf.length,
    ...values,
  });
  await db
    .insert(publications)
    .values([
      await publication('visible-publication', {}),
      await publication(wordOf('publication', 'inactive'), { active: false }),
      await publication(wordOf('publication', 'archived'), archivedFlags),
    ]);
  hidden.push(
    { word: wordOf('publication', 'inactive'), slug: wordOf('publication', 'inactive') },
    { word: wordOf('publication', 'archived'), slug: wordOf('publication', 'archived') },
  );

  // Content pages: a draft and an archived page of a published template; a published page of a draft
  // template and of an archived one.
  const template = (word: string, values: Partial<typeof pageTemplates.$inferInsert>) => ({
    title: word,
    status: 'published',
    contentEn: `<p>${word} content</p>`,
    contentFr: `<p>${word}</p>`,
    ...values,
  });
  const [published, draftTemplate, archivedTemplate] = await db
    .insert(pageTemplates)
    .values([
      template('visible-template', {}),
      template(wordOf('template', 'draft'), { status: 'draft' }),
      template(wordOf('template', 'archived'), archivedFlags),
    ])
    .returning({ id: pageTemplates.id });
  const page = (word: string, templateId: number, values: Partial<typeof pages.$inferInsert>) => ({
    slug: word,
    titleEn: `${word} page`,
    titleFr: word,
    templateId,
    status: 'published',
    showInMenu: true,
    ...values,
  });
  await db
    .insert(pages)
    .values([
      page('visible-page', published!.id, {}),
      page(wordOf('page', 'draft'), published!.id, { status: 'draft' }),
      page(wordOf('page', 'archived'), published!.id, archivedFlags),
      page(wordOf('templatepage', 'draft'), draftTemplate!.id, {}),
      page(wordOf('templatepage', 'archived'), archivedTemplate!.id, {}),
    ]);
  for (const word of [
    wordOf('page', 'draft'),
    wordOf('page', 'archived'),
    wordOf('templatepage', 'draft'),
    wordOf('templatepage', 'archived'),
  ])
    hidden.push({ word, slug: word });
  hidden.push({ word: wordOf('template', 'draft') }, { word: wordOf('template', 'archived') });

  // Indicators and reports (featured ones), and featured insights of the home page.
  const insight = (word: string, values: Partial<typeof indicators.$inferInsert>) => ({
    slug: word,
    titleEn: `${word} figure`,
    titleFr: word,
    metric: 'restrictions_by_country',
    ...values,
  });
  await db
    .insert(indicators)
    .values([
      insight('visible-indicator', {}),
      insight(wordOf('indicator', 'inactive'), { active: false }),
      insight(wordOf('indicator', 'archived'), archivedFlags),
    ]);
  const report = (word: string, values: Partial<typeof reports.$inferInsert>) => ({
    slug: word,
    titleEn: `${word} chart`,
    titleFr: word,
    displayType: 'bar',
    featured: true,
    params: { metric: 'restrictions_by_country' },
    ...values,
  });
  const [, inactiveReport, archivedReport] = await db
    .insert(reports)
    .values([
      report('visible-report', {}),
      report(wordOf('report', 'inactive'), { active: false }),
      report(wordOf('report', 'archived'), archivedFlags),
    ])
    .returning({ id: reports.id });
  for (const resource of ['indicator', 'report'])
    for (const state of ['inactive', 'archived'] as const)
      hidden.push({ word: wordOf(resource, state), slug: wordOf(resource, state) });
  const featured = (title: string, values: Partial<typeof featuredInsights.$inferInsert>) => ({
    titleEn: title,
    titleFr: title,
    publishedOn: today,
    ...values,
  });
  await db.insert(featuredInsights).values([
    // Visible insights showing a hidden report: the insight stays, the report does not.
    featured('Visible insight one', { reportId: inactiveReport!.id }),
    featured('Visible insight two', { reportId: archivedReport!.id }),
    featured(wordOf('featured', 'inactive'), { active: false }),
    featured(wordOf('featured', 'archived'), archivedFlags),
  ]);
  hidden.push({ word: wordOf('featured', 'inactive') }, { word: wordOf('featured', 'archived') });

  // Complaints (resolved ones, so the home figure would count them) and an SMS service not active.
  const complaint = (word: string, values: Partial<typeof complaints.$inferInsert>) => ({
    reference: word.toUpperCase(),
    restrictionType: 'licensing',
    detailsOfOccurrence: 'Details.',
    dateOfOccurrence: '2025-01-01',
    countryCode: 'KE',
    briefDescription: `The applicant's words on ${word}`,
    status: 'resolved',
    // What the public reads of a resolved complaint: its reviewer's summary (complaints-public-record.md).
    publicSummary: `The ${word} complaint`,
    resolutionNote: `How the ${word} complaint ended`,
    ...values,
  });
  await db
    .insert(complaints)
    .values([
      complaint('visible-complaint', {}),
      complaint(wordOf('complaint', 'inactive'), { active: false }),
      complaint(wordOf('complaint', 'archived'), archivedFlags),
    ]);
  hidden.push({ word: wordOf('complaint', 'inactive') }, { word: wordOf('complaint', 'archived') });
  await db.insert(smsServices).values({
    countryCode: 'BI',
    isActive: false,
    shortCode: '15015',
    keyword: wordOf('smsservice', 'inactive'),
    instructionsEn: wordOf('smsservice', 'inactive'),
    instructionsFr: wordOf('smsservice', 'inactive'),
  });
  hidden.push({ word: wordOf('smsservice', 'inactive') });
  return { hidden, visible: [...visibleSlugs, business.slug] };
}
