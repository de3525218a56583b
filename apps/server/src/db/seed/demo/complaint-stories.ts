// What the two demo clients complain about: a Kenyan trader writing in English and a Burundian trader
// writing in French. Each story is told for the partner state where the barrier occurred.

import type { RestrictionType } from '@stp/shared';
import { lawFor, type CountryProfile } from './country-profile.js';
import type { LawKey } from './sector-labels.js';

export interface Story {
  restrictionType: RestrictionType;
  sectorCode: string;
  tell(c: CountryProfile): { brief: string; details: string };
}

const agency = (c: CountryProfile, key: LawKey) => lawFor(c, key)[2];
const border = (c: CountryProfile) => c.borderPosts[0] ?? c.capital;

/** Amina Odhiambo runs a small Kenyan consultancy and logistics business. */
export const traderStories: readonly Story[] = [
  {
    restrictionType: 'work_permit',
    sectorCode: '1.A.e',
    tell: (c) => ({
      brief: 'Work permit refused for a Kenyan engineer',
      details: `On behalf of my firm I applied in ${c.capital} for a work permit for one of our Kenyan civil engineers, who was to supervise a road project for six months. The ${c.laws.immigration[2]} refused the permit and said the position must first be advertised locally for 30 days, although he is an EAC citizen. The project is now delayed and our client is applying penalties.`,
    }),
  },
  {
    restrictionType: 'discriminatory_fee',
    sectorCode: '11.F',
    tell: (c) => ({
      brief: `Extra charge on Kenyan trucks at ${border(c)}`,
      details: `Our trucks carrying goods for a client were stopped at ${border(c)} and asked to pay a road-user charge that local hauliers do not pay. The officers gave us only a handwritten receipt. This has happened on four trips in the last two months.`,
    }),
  },
  {
    restrictionType: 'qualification',
    sectorCode: '1.A.b',
    tell: (c) => ({
      brief: 'Kenyan CPA not allowed to sign an audit',
      details: `I am a certified public accountant registered in Kenya. A client in ${c.capital} asked me to sign their statutory audit, but the ${agency(c, 'accounting')} told me I must first sit their local examinations. The mutual recognition agreement for accountants was signed years ago and should apply.`,
    }),
  },
  {
    restrictionType: 'local_presence',
    sectorCode: '1.B',
    tell: (c) => ({
      brief: 'Local office and data storage demanded for online software',
      details: `We supply accounting software online to small businesses in ${c.name}. The ${agency(c, 'ict')} has written to us that we must open a local office and keep all customer data on servers in ${c.name}, or stop serving customers there within 30 days. Setting up a local office would cost more than our whole turnover in the country.`,
    }),
  },
  {
    restrictionType: 'licensing',
    sectorCode: '9.B',
    tell: (c) => ({
      brief: 'Tour operator licence pending for eight months',
      details: `Our tour company applied to the ${agency(c, 'tourism')} for a licence to run cross-border safaris from ${c.capital}. Eight months later there is still no decision, while local companies that applied after us have received their licences. We have had to cancel two group bookings.`,
    }),
  },
  {
    restrictionType: 'nationality_requirement',
    sectorCode: '9.C',
    tell: (c) => ({
      brief: 'Kenyan tour guides turned back at the park gate',
      details: `Two of our Kenyan guides accompanying a group of tourists were refused entry at ${border(c)} because, we were told, only ${c.demonym} citizens may work as guides. The tourists had to hire local guides at short notice and paid twice for the same service.`,
    }),
  },
  {
    restrictionType: 'joint_venture',
    sectorCode: '3.A',
    tell: (c) => ({
      brief: 'Joint venture with a local firm required to bid for public works',
      details: `We wanted to bid for a tender to build a district health centre in ${c.name}. The tender documents require foreign contractors to form a joint venture with a local firm holding at least 40%, and firms from other partner states are treated as foreign. We could not find a partner before the deadline.`,
    }),
  },
  {
    restrictionType: 'residency_requirement',
    sectorCode: '7.A.d',
    tell: (c) => ({
      brief: 'Residence requirement for our insurance broker',
      details: `Our insurance brokerage wants to serve Kenyan companies operating in ${c.name}. The ${agency(c, 'insurance')} requires our principal officer to have lived in ${c.name} for at least twelve months before a licence can be issued. Our clients meanwhile have to use a local broker they do not know.`,
    }),
  },
  {
    restrictionType: 'quantitative_limit',
    sectorCode: '11.F.a',
    tell: (c) => ({
      brief: 'No new licences for cross-border bus routes',
      details: `Our bus company wants to add a daily route from Nairobi to ${c.capital}. The ${agency(c, 'road')} says it is not issuing new cross-border passenger licences this year, while the existing operators keep adding buses on the same route.`,
    }),
  },
  {
    restrictionType: 'other',
    sectorCode: '7.B.d',
    tell: (c) => ({
      brief: 'Payment of our consultancy invoice blocked by the bank',
      details: `A client in ${c.name} tried to pay our invoice for consultancy services, but the bank held the transfer and asked for the approval of the ${agency(c, 'banking')}. The payment has now been pending for seven weeks and no reason has been given in writing.`,
    }),
  },
  {
    restrictionType: 'work_permit',
    sectorCode: '1.F.c',
    tell: (c) => ({
      brief: 'Work permit fee charged to an EAC consultant',
      details: `Our consultant was charged ${c.money.workPermitFee} for a work permit to carry out a three-week assignment in ${c.capital}, although citizens of the partner states should be exempted. We have the receipt and the letter of the ${c.laws.immigration[2]}.`,
    }),
  },
  {
    restrictionType: 'economic_needs_test',
    sectorCode: '4.C',
    tell: (c) => ({
      brief: 'Shop licence refused because "there are enough shops"',
      details: `I applied for a licence to open a shop selling mobile phones and accessories in ${c.capital}. The application was refused on the ground that there are already enough shops of this kind in the area, a test that my local competitors never had to pass.`,
    }),
  },
];

/** Claudine Ndayishimiye runs a Burundian transport and trading company; she writes in French. */
export const commercantStories: readonly Story[] = [
  {
    restrictionType: 'discriminatory_fee',
    sectorCode: '11.F.b',
    tell: (c) => ({
      brief: `Redevance supplémentaire pour les camions burundais à ${border(c)}`,
      details: `Nos camions transportant du café vers le port ont été arrêtés à ${border(c)} et on nous a réclamé une redevance que les transporteurs locaux ne paient pas. Les agents ne nous ont remis qu'un reçu manuscrit. Cela s'est produit trois fois ce mois-ci.`,
    }),
  },
  {
    restrictionType: 'work_permit',
    sectorCode: '9.A',
    tell: (c) => ({
      brief: 'Permis de travail refusé à une cheffe cuisinière burundaise',
      details: `J'ai recruté une cheffe cuisinière burundaise pour notre restaurant à ${c.capital}. Le service de l'immigration a refusé son permis de travail en exigeant que le poste soit d'abord proposé à un candidat local pendant un mois. Elle est pourtant citoyenne d'un État partenaire.`,
    }),
  },
  {
    restrictionType: 'licensing',
    sectorCode: '4.B',
    tell: (c) => ({
      brief: 'Licence de commerce de gros sans réponse depuis six mois',
      details: `Ma société a déposé une demande de licence de commerce de gros à ${c.capital} il y a six mois. Aucune réponse ne nous a été donnée, alors que des entreprises locales ont obtenu la leur en quelques semaines. Nos marchandises restent bloquées en entrepôt.`,
    }),
  },
  {
    restrictionType: 'qualification',
    sectorCode: '1.A.h',
    tell: (c) => ({
      brief: 'Diplôme de médecin burundais non reconnu',
      details: `Mon frère, médecin diplômé de l'Université du Burundi, a demandé son inscription auprès de l'ordre compétent ${c.inFr}. On lui impose un examen local et un stage de douze mois malgré ses huit années d'expérience. L'hôpital qui voulait l'engager a renoncé.`,
    }),
  },
  {
    restrictionType: 'local_presence',
    sectorCode: '9.B',
    tell: (c) => ({
      brief: "Agence de voyages obligée d'ouvrir un bureau local",
      details: `Notre agence de voyages de Bujumbura vend des circuits ${c.inFr}. Les autorités exigent désormais que nous ouvrions un bureau local avec un représentant résident, faute de quoi nos guides ne peuvent plus accompagner les touristes.`,
    }),
  },
  {
    restrictionType: 'nationality_requirement',
    sectorCode: '11.H.d',
    tell: (c) => ({
      brief: 'Dédouanement réservé aux entreprises nationales',
      details: `Notre entreprise de dédouanement ne peut pas obtenir d'agrément ${c.inFr}, car on nous répond que l'activité est réservée aux sociétés détenues par des nationaux. Nos clients burundais doivent payer un second agent à la frontière de ${border(c)}.`,
    }),
  },
  {
    restrictionType: 'other',
    sectorCode: '7.B.d',
    tell: (c) => ({
      brief: 'Virement pour des services de transport bloqué',
      details: `Un client établi ${c.inFr} a voulu régler notre facture de transport, mais sa banque a bloqué le virement en exigeant une autorisation de la banque centrale. Le paiement est en attente depuis cinq semaines.`,
    }),
  },
  {
    restrictionType: 'foreign_equity_limit',
    sectorCode: '7.A',
    tell: (c) => ({
      brief: "Plafond de participation pour notre filiale d'assurance",
      details: `Notre compagnie d'assurance souhaite ouvrir une filiale ${c.inFr}, mais la réglementation limite la participation étrangère à un tiers du capital. Les investisseurs des autres États partenaires y sont traités comme des investisseurs étrangers.`,
    }),
  },
  {
    restrictionType: 'residency_requirement',
    sectorCode: '1.A.b',
    tell: (c) => ({
      brief: 'Obligation de résidence pour signer des comptes',
      details: `Je suis experte-comptable agréée au Burundi. Pour certifier les comptes d'un client ${c.inFr}, on exige que j'aie résidé dans le pays pendant au moins deux ans. Je ne peux donc pas suivre mes clients qui se développent dans la région.`,
    }),
  },
  {
    restrictionType: 'quantitative_limit',
    sectorCode: '11.F.a',
    tell: (c) => ({
      brief: 'Aucune nouvelle licence pour une ligne de bus transfrontalière',
      details: `Notre société de bus souhaite ouvrir une ligne entre Bujumbura et ${c.capital}. L'autorité des transports refuse toute nouvelle licence transfrontalière cette année, alors que les opérateurs existants augmentent leurs rotations.`,
    }),
  },
];
