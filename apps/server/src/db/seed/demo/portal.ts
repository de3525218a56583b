// Demo content of the public portal: content pages, SMS services, reports and featured insights.

import type { Executor } from '../../client.js';
import {
  featuredInsights,
  pages,
  pageTemplates,
  reports,
  reportTagLinks,
  reportTags,
  smsServices,
} from '../../schema/index.js';
import { contentPages } from './content-pages.js';
import { addDays, isoDate } from './db-utils.js';
import { profileFor } from './restriction-generator.js';

export async function seedPages(tx: Executor, now: Date): Promise<Record<string, number>> {
  let count = 0;
  for (const [index, page] of contentPages.entries()) {
    const updated = addDays(now, -200 + index * 11);
    const [template] = await tx
      .insert(pageTemplates)
      .values({
        title: page.titleEn,
        layout: 'standard',
        contentEn: page.contentEn,
        contentFr: page.contentFr,
        bannerAttachment: page.bannerAttachment,
        slideInterval: 6,
        status: 'published',
        createdAt: updated,
        updatedAt: updated,
      })
      .returning({ id: pageTemplates.id });
    if (!template) throw new Error(`Could not create the template of ${page.slug}`);
    await tx.insert(pages).values({
      slug: page.slug,
      titleEn: page.titleEn,
      titleFr: page.titleFr,
      templateId: template.id,
      status: 'published',
      showInMenu: page.showInMenu,
      sortOrder: index + 1,
      createdAt: updated,
      updatedAt: updated,
    });
    count++;
  }
  return { page_templates: count, pages: count };
}

const activeSms: Record<string, { shortCode: string; activatedOn: string }> = {
  KE: { shortCode: '20547', activatedOn: '2019-07-01' },
  TZ: { shortCode: '15455', activatedOn: '2020-03-16' },
  UG: { shortCode: '8228', activatedOn: '2021-02-01' },
  RW: { shortCode: '4040', activatedOn: '2022-09-12' },
};

export async function seedSmsServices(
  tx: Executor,
  partnerStates: readonly string[],
): Promise<Record<string, number>> {
  const rows: (typeof smsServices.$inferInsert)[] = partnerStates.map((code) => {
    const active = activeSms[code];
    const profile = profileFor(code);
    if (!active) {
      return {
        countryCode: code,
        isActive: false,
        shortCode: '',
        keyword: '',
        instructionsEn: `SMS reporting is not yet available in ${profile.name}. Please report barriers through the online complaint form.`,
        instructionsFr: `Le signalement par SMS n'est pas encore disponible ${profile.inFr}. Veuillez signaler les obstacles au moyen du formulaire de plainte en ligne.`,
      };
    }
    const border = profile.borderPosts[0] ?? profile.capital;
    return {
      countryCode: code,
      isActive: true,
      shortCode: active.shortCode,
      keyword: 'NTB',
      instructionsEn: `Send NTB followed by a short description of the barrier, the border post and your name to ${active.shortCode}. Example: "NTB work permit refused for EAC engineer at ${border}, Amina". You will receive a reference number by return SMS. Standard SMS rates apply.`,
      instructionsFr: `Envoyez NTB suivi d'une brève description de l'obstacle, du poste frontière et de votre nom au ${active.shortCode}. Exemple : « NTB permis de travail refusé à un ingénieur de la CAE à ${border}, Amina ». Vous recevrez un numéro de référence par SMS. Tarif d'un SMS standard.`,
      activatedOn: active.activatedOn,
    };
  });
  await tx.insert(smsServices).values(rows);
  return { sms_services: rows.length };
}

const tagSpecs = [
  { slug: 'restrictions', nameEn: 'Restrictions', nameFr: 'Restrictions' },
  { slug: 'complaints', nameEn: 'Complaints', nameFr: 'Plaintes' },
  { slug: 'commitments', nameEn: 'Commitments', nameFr: 'Engagements' },
  { slug: 'indicators', nameEn: 'Indicators', nameFr: 'Indicateurs' },
] as const;

type TagSlug = (typeof tagSpecs)[number]['slug'];

interface ReportSpec {
  slug: string;
  titleEn: string;
  titleFr: string;
  descriptionEn: string;
  descriptionFr: string;
  displayType: 'bar' | 'line' | 'pie' | 'table' | 'key_figure' | 'embed';
  displayHeight: number;
  params: Record<string, unknown>;
  featured: boolean;
  tags: TagSlug[];
  insight?: { titleEn: string; titleFr: string; summaryEn: string; summaryFr: string };
}

export const reportSpecs: ReportSpec[] = [
  {
    slug: 'restrictions-by-partner-state',
    titleEn: 'Restrictions by partner state',
    titleFr: 'Restrictions par État partenaire',
    descriptionEn: 'Number of restrictions in the database for each partner state.',
    descriptionFr: 'Nombre de restrictions enregistrées pour chaque État partenaire.',
    displayType: 'bar',
    displayHeight: 360,
    params: { metric: 'restrictions_by_country' },
    featured: true,
    tags: ['restrictions'],
    insight: {
      titleEn: 'Where services trade is most restricted',
      titleFr: 'Où le commerce des services est le plus restreint',
      summaryEn:
        'Kenya, Tanzania and Uganda account for half of the measures recorded, largely because their regulations have been audited in more detail.',
      summaryFr:
        'Le Kenya, la Tanzanie et l’Ouganda représentent la moitié des mesures recensées, surtout parce que leur réglementation a été examinée plus en détail.',
    },
  },
  {
    slug: 'average-restrictiveness-by-sector',
    titleEn: 'Average restrictiveness by sector',
    titleFr: 'Restrictivité moyenne par secteur',
    descriptionEn:
      'Mean restrictiveness indicator of the measures recorded in each sector (0 = open, 1 = closed).',
    descriptionFr:
      'Indicateur moyen de restrictivité des mesures recensées dans chaque secteur (0 = ouvert, 1 = fermé).',
    displayType: 'bar',
    displayHeight: 420,
    params: { metric: 'restrictiveness_index', dimension: 'sector' },
    featured: true,
    tags: ['restrictions', 'indicators'],
    insight: {
      titleEn: 'Transport and communication remain the most closed sectors',
      titleFr: 'Les transports et les communications restent les secteurs les plus fermés',
      summaryEn:
        'Foreign equity limits and licence quotas keep the average restrictiveness of these sectors well above the regional mean.',
      summaryFr:
        'Les plafonds de participation étrangère et les contingents de licences maintiennent la restrictivité moyenne de ces secteurs bien au-dessus de la moyenne régionale.',
    },
  },
  {
    slug: 'restrictions-by-mode-of-supply',
    titleEn: 'Restrictions by mode of supply',
    titleFr: 'Restrictions par mode de fourniture',
    descriptionEn: 'How many measures affect each of the four modes of supply.',
    descriptionFr: 'Nombre de mesures touchant chacun des quatre modes de fourniture.',
    displayType: 'bar',
    displayHeight: 300,
    params: { metric: 'restrictions_by_mode' },
    featured: false,
    tags: ['restrictions'],
  },
  {
    slug: 'measures-introduced-per-year',
    titleEn: 'Measures introduced per year',
    titleFr: 'Mesures introduites par année',
    descriptionEn: 'Restrictions by year of introduction since 1995.',
    descriptionFr: 'Restrictions par année d’introduction depuis 1995.',
    displayType: 'line',
    displayHeight: 340,
    params: { metric: 'measures_per_year', filters: { year_from: 1995 } },
    featured: true,
    tags: ['restrictions', 'indicators'],
    insight: {
      titleEn: 'New measures keep appearing despite the standstill',
      titleFr: 'De nouvelles mesures apparaissent malgré le statu quo',
      summaryEn:
        'The number of measures introduced each year has not fallen since the Common Market Protocol entered into force in 2010.',
      summaryFr:
        'Le nombre de mesures introduites chaque année n’a pas baissé depuis l’entrée en vigueur du Protocole sur le marché commun en 2010.',
    },
  },
  {
    slug: 'complaints-by-status',
    titleEn: 'Complaints by status',
    titleFr: 'Plaintes par statut',
    descriptionEn: 'Complaints lodged on the portal by their current status.',
    descriptionFr: 'Plaintes déposées sur le portail, selon leur statut actuel.',
    displayType: 'pie',
    displayHeight: 320,
    params: { metric: 'complaints_by_status' },
    featured: true,
    tags: ['complaints'],
    insight: {
      titleEn: 'How complaints are handled',
      titleFr: 'Comment les plaintes sont traitées',
      summaryEn:
        'Most complaints are settled by the national regulator; the rest go to regional review and, for the hardest cases, to the Council.',
      summaryFr:
        'La plupart des plaintes sont réglées par le régulateur national ; les autres passent à l’examen régional puis, pour les cas les plus difficiles, au Conseil.',
    },
  },
  {
    slug: 'total-restrictions',
    titleEn: 'Restrictions recorded',
    titleFr: 'Restrictions recensées',
    descriptionEn: 'Total number of restrictions in the database.',
    descriptionFr: 'Nombre total de restrictions enregistrées.',
    displayType: 'key_figure',
    displayHeight: 280,
    params: { metric: 'restrictions_total' },
    featured: false,
    tags: ['restrictions'],
  },
  {
    slug: 'liberalisation-commitments-by-partner-state',
    titleEn: 'Liberalisation commitments by partner state',
    titleFr: 'Engagements de libéralisation par État partenaire',
    descriptionEn: 'Sectors each partner state has committed to liberalise under the Common Market Protocol.',
    descriptionFr:
      'Secteurs que chaque État partenaire s’est engagé à libéraliser au titre du Protocole sur le marché commun.',
    displayType: 'table',
    displayHeight: 400,
    params: { metric: 'commitments_by_country' },
    featured: false,
    tags: ['commitments'],
  },
  {
    slug: 'wto-services-trade-data',
    titleEn: 'Services trade data of the WTO (I-TIP Services)',
    titleFr: 'Données de l’OMC sur le commerce des services (I-TIP Services)',
    descriptionEn: 'Commitments and applied measures of every WTO member, on the WTO site.',
    descriptionFr: 'Engagements et mesures appliquées de chaque membre de l’OMC, sur le site de l’OMC.',
    displayType: 'embed',
    displayHeight: 400,
    params: { url: 'https://i-tip.wto.org/services/' },
    featured: false,
    tags: ['indicators'],
  },
];

export async function seedReports(tx: Executor, now: Date): Promise<Record<string, number>> {
  const tags = await tx
    .insert(reportTags)
    .values(tagSpecs.slice())
    .returning({ id: reportTags.id, slug: reportTags.slug });
  const tagIds = new Map(tags.map((t) => [t.slug, t.id]));
  const inserted = await tx
    .insert(reports)
    .values(
      reportSpecs.map((spec, i) => ({
        slug: spec.slug,
        titleEn: spec.titleEn,
        titleFr: spec.titleFr,
        descriptionEn: spec.descriptionEn,
        descriptionFr: spec.descriptionFr,
        displayType: spec.displayType,
        index: i + 1,
        displayHeight: spec.displayHeight,
        params: spec.params,
        featured: spec.featured,
      })),
    )
    .returning({ id: reports.id, slug: reports.slug });
  const reportIds = new Map(inserted.map((r) => [r.slug, r.id]));
  const links = reportSpecs.flatMap((spec) =>
    spec.tags.map((tag) => ({
      reportId: reportIds.get(spec.slug) as number,
      tagId: tagIds.get(tag) as number,
    })),
  );
  await tx.insert(reportTagLinks).values(links);

  const insights = reportSpecs
    .filter((spec) => spec.featured && spec.insight)
    .map((spec, i) => ({
      ...(spec.insight as NonNullable<ReportSpec['insight']>),
      reportId: reportIds.get(spec.slug) as number,
      index: i + 1,
      publishedOn: isoDate(addDays(now, -120 + i * 25)),
    }));
  await tx.insert(featuredInsights).values(insights);
  return {
    report_tags: tags.length,
    reports: inserted.length,
    report_tag_links: links.length,
    featured_insights: insights.length,
  };
}
