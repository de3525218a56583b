// Demo commitments, indicators and notifications.

import { slugify } from '@stp/shared';
import type { Executor } from '../../client.js';
import { commitments, indicators, notifications } from '../../schema/index.js';
import { lawFor } from './country-profile.js';
import { addDays, daysBetween, insertChunked, isoDate, officeTime } from './db-utils.js';
import { chance, createRng, pick, randInt, WeightedPicker } from './random.js';
import { frenchSubject } from './french-titles.js';
import { profileFor, type RestrictionContext } from './restriction-generator.js';
import { sectorFamily, sectorLabel } from './sector-labels.js';

export async function seedCommitments(
  tx: Executor,
  ctx: RestrictionContext,
): Promise<Record<string, number>> {
  const rng = createRng(2010);
  const level1 = ctx.sectors.filter((s) => s.level === 1);
  const level2 = ctx.sectors.filter((s) => s.level === 2);
  const rows: (typeof commitments.$inferInsert)[] = [];
  for (const code of ctx.partnerStates) {
    const profile = profileFor(code);
    const founding = profile.accession <= 2010;
    const add = (sector: RestrictionContext['sectors'][number]) => {
      const committed = chance(rng, founding ? 0.7 : 0.15);
      const label = sectorLabel(sector.code, sector.nameEn);
      let details: string;
      let yearCommitted: number | null = null;
      if (committed) {
        yearCommitted = founding ? (chance(rng, 0.85) ? 2010 : 2015) : profile.accession;
        details = pick(rng, [
          `Committed under the Schedule of Commitments on the Progressive Liberalisation of Services (Annex V to the Protocol on the Establishment of the East African Community Common Market): modes 1, 2 and 3 bound, mode 4 as in the horizontal commitments.`,
          `${profile.name} committed to open ${label} to suppliers of other partner states in modes 1 to 3, subject to the licensing requirements of the ${lawFor(profile, sectorFamily(sector.code))[2]}.`,
          `Full liberalisation of ${label} committed, with a transition period that ended in ${(yearCommitted ?? 2010) + 5}.`,
        ]);
      } else {
        details = founding
          ? pick(rng, [
              `No commitment scheduled for ${label} (unbound in all modes).`,
              `${label.charAt(0).toUpperCase() + label.slice(1)} excluded from the schedule pending a review of the national regulatory framework.`,
            ])
          : `${profile.name} joined the Community in ${profile.accession}; its schedule of commitments for ${label} is under negotiation.`;
      }
      rows.push({
        countryCode: code,
        sectorId: sector.id,
        committedToLiberalise: committed,
        yearCommitted,
        details,
      });
    };
    for (const sector of level1) if (chance(rng, 0.85)) add(sector);
    for (const sector of level2) if (chance(rng, 0.25)) add(sector);
  }
  await insertChunked(tx, commitments, rows);
  return { commitments: rows.length };
}

export const indicatorSpecs = [
  {
    slug: 'restrictiveness-index',
    metric: 'restrictiveness_index',
    chartType: 'heatmap',
    params: { dimension: 'country_sector' },
    titleEn: 'Services trade restrictiveness index',
    titleFr: 'Indice de restrictivité du commerce des services',
    descriptionEn:
      'Average restrictiveness of the measures in force, from 0 (open) to 1 (closed), for each partner state and sector.',
    descriptionFr:
      'Restrictivité moyenne des mesures en vigueur, de 0 (ouvert) à 1 (fermé), pour chaque État partenaire et chaque secteur.',
  },
  {
    slug: 'restrictions-by-mode',
    metric: 'restrictions_by_mode',
    chartType: 'bar',
    params: {},
    titleEn: 'Restrictions by mode of supply',
    titleFr: 'Restrictions par mode de fourniture',
    descriptionEn: 'Number of recorded restrictions affecting each of the four GATS modes of supply.',
    descriptionFr:
      'Nombre de restrictions recensées touchant chacun des quatre modes de fourniture de l’AGCS.',
  },
  {
    slug: 'restrictions-by-policy',
    metric: 'restrictions_by_policy_area',
    chartType: 'bar',
    params: {},
    titleEn: 'Restrictions by policy area',
    titleFr: 'Restrictions par domaine de politique',
    descriptionEn:
      'Restrictions grouped by policy area: foreign entry, movement of people, discrimination, competition and more.',
    descriptionFr:
      'Restrictions regroupées par domaine : entrée des étrangers, circulation des personnes, discrimination, concurrence, etc.',
  },
  {
    slug: 'measures-over-time',
    metric: 'measures_per_year',
    chartType: 'line',
    params: { filters: { year_from: 1995 } },
    titleEn: 'Measures introduced over time',
    titleFr: 'Mesures introduites au fil du temps',
    descriptionEn:
      'Number of restrictive measures introduced each year since 1995, with those removed or amended.',
    descriptionFr:
      'Nombre de mesures restrictives introduites chaque année depuis 1995, et de celles supprimées ou modifiées.',
  },
] as const;

export async function seedIndicators(tx: Executor): Promise<{ ids: Map<string, number>; count: number }> {
  const rows = await tx
    .insert(indicators)
    .values(indicatorSpecs.map((spec, index) => ({ ...spec, sortOrder: index + 1 })))
    .returning({ id: indicators.id, slug: indicators.slug });
  return { ids: new Map(rows.map((r) => [r.slug, r.id])), count: rows.length };
}

const applicabilities = [
  'All service suppliers of other partner states',
  'Foreign-owned service suppliers',
  'Natural persons supplying services under mode 4',
  'All licensed suppliers in the sector',
  'New applicants for a licence',
  'Service suppliers with a commercial presence in the partner state',
] as const;

const requirements: readonly ((agency: string) => string)[] = [
  (agency) => `Registration with the ${agency} before commencing operations`,
  () => 'Minimum local shareholding of 30% within three years',
  () => 'Work permit for every expatriate employee, with a local understudy',
  () => 'Annual renewal of the operating licence',
  () => 'Storage of customer data on servers located in the partner state',
  () => 'Annual regulatory levy of 1% of gross turnover',
  () => 'Professional indemnity insurance with a locally licensed insurer',
  () => 'Local office with a resident principal officer',
];

const descriptions: readonly ((country: string, service: string, agency: string, date: string) => string)[] =
  [
    (country, service, agency, date) =>
      `${country} notifies new licensing regulations for ${service} issued by the ${agency}. The regulations introduce the requirement described above and apply from ${date}. Comments may be sent to the national enquiry point within 60 days of this notification.`,
    (country, service, agency) =>
      `The ${agency} has amended the conditions attached to licences for ${service}. Existing licensees have twelve months to comply, after which licences that do not meet the new conditions will not be renewed.`,
    (country, service) =>
      `${country} notifies a draft bill affecting ${service} that is before Parliament. The bill would replace the current framework and is expected to be adopted within the current session.`,
    (country, service, agency) =>
      `Following consultations with the private sector, ${country} removes the additional requirement previously applied to foreign suppliers of ${service}. The ${agency} will process pending applications under the simplified procedure.`,
  ];

const frenchDays = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' });
/** A date (yyyy-mm-dd) as French writes it: '12 mars 2026'. */
const frenchDate = (iso: string) => frenchDays.format(new Date(`${iso}T00:00:00Z`));

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The same descriptions in French (same order): country as a subject, service, agency, date. */
const descriptionsFr: readonly ((
  country: string,
  service: string,
  agency: string,
  date: string,
) => string)[] = [
  (country, service, agency, date) =>
    `${capital(country)} notifie une nouvelle réglementation des licences de ${service} édictée par l’organisme ${agency}. Cette réglementation introduit l’exigence décrite ci-dessus et s’applique à compter du ${date}. Les observations peuvent être adressées au point d’information national dans les 60 jours suivant la présente notification.`,
  (_country, service, agency) =>
    `L’organisme ${agency} a modifié les conditions attachées aux licences de ${service}. Les titulaires actuels disposent de douze mois pour s’y conformer ; passé ce délai, les licences qui ne remplissent pas les nouvelles conditions ne seront pas renouvelées.`,
  (country, service) =>
    `${capital(country)} notifie un projet de loi concernant les ${service}, actuellement devant le Parlement. Le projet remplacerait le cadre actuel et devrait être adopté au cours de la session en cours.`,
  (country, service, agency) =>
    `À la suite de consultations avec le secteur privé, ${country} supprime l’exigence supplémentaire jusqu’ici imposée aux prestataires étrangers de ${service}. L’organisme ${agency} traitera les demandes en attente selon la procédure simplifiée.`,
];

export async function seedNotifications(
  tx: Executor,
  ctx: RestrictionContext,
  indicatorIds: Map<string, number>,
  editorId: number,
  now: Date,
): Promise<Record<string, number>> {
  const rng = createRng(2019);
  const countryPicker = new WeightedPicker(
    ctx.partnerStates.map(
      (c) => [c, ({ KE: 5, TZ: 4, UG: 4, RW: 4 } as Record<string, number>)[c] ?? 2] as const,
    ),
  );
  const candidates = ctx.sectors.filter((s) => s.level <= 2 && s.nameEn !== 'Other');
  const indicatorList = [...indicatorIds.values()];
  const start = new Date(Date.UTC(2019, 0, 2));
  const span = daysBetween(start, now) - 1;
  const dates = Array.from({ length: 48 }, () => addDays(start, randInt(rng, 0, span))).sort(
    (a, b) => a.getTime() - b.getTime(),
  );
  const sequence = new Map<string, number>();
  const rows: (typeof notifications.$inferInsert)[] = dates.map((date, i) => {
    const createdAt = officeTime(date, rng);
    // The first rows cover every partner state once, the rest follow the weights.
    const code =
      i < ctx.partnerStates.length
        ? (ctx.partnerStates[(i * 5) % ctx.partnerStates.length] as string)
        : countryPicker.pick(rng);
    const profile = profileFor(code);
    const sector = pick(rng, candidates);
    const agency = lawFor(profile, sectorFamily(sector.code))[2];
    const year = date.getUTCFullYear();
    const key = `${code}/${year}`;
    const n = (sequence.get(key) ?? 0) + 1;
    sequence.set(key, n);
    const reference = `EAC/NOT/${code}/${year}/${String(n).padStart(3, '0')}`;
    const age = daysBetween(date, now);
    const status =
      age < 45
        ? chance(rng, 0.5)
          ? 'draft'
          : 'notified'
        : pick(rng, ['in_force', 'in_force', 'in_force', 'notified', 'withdrawn'] as const);
    const service = sectorLabel(sector.code, sector.nameEn);
    const effective = isoDate(addDays(date, randInt(rng, 30, 120)));
    const describe = pick(rng, descriptions);
    const describeFr = descriptionsFr[descriptions.indexOf(describe)]!;
    const countryFr = frenchSubject(code, profile.nameFr);
    return {
      slug: slugify(reference),
      reference,
      countryCode: code,
      sectorId: sector.id,
      status,
      applicability: pick(rng, applicabilities),
      requirement: pick(rng, requirements)(agency),
      notificationDate: isoDate(date),
      descriptionOfMeasure: describe(profile.name, service, agency, effective),
      descriptionOfMeasureFr: describeFr(
        countryFr,
        (sector.nameFr ?? service).toLowerCase(),
        agency,
        frenchDate(effective),
      ),
      indicatorId: indicatorList.length > 0 && chance(rng, 0.4) ? pick(rng, indicatorList) : null,
      createdById: editorId,
      createdAt,
      updatedAt: createdAt,
    };
  });
  // Make sure every status of the list appears at least once.
  const last = rows[rows.length - 1];
  if (last && !rows.some((r) => r.status === 'draft')) last.status = 'draft';
  await insertChunked(tx, notifications, rows);
  return { notifications: rows.length };
}
