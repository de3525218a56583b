// Policy areas for classifying services trade restrictions, modelled on the OECD Services Trade Restrictiveness Index (STRI) and the World Bank STRI.

export interface PolicyAreaSeed {
  slug: string;
  name: { en: string; fr: string };
  description: { en: string; fr: string };
}

export const policyAreas: PolicyAreaSeed[] = [
  {
    slug: 'foreign-entry',
    name: { en: 'Restrictions on foreign entry', fr: "Restrictions à l'entrée des étrangers" },
    description: {
      en: 'Limits on foreign ownership and equity, screening and approval of foreign investment, and restrictions on the legal form, establishment or acquisition of service suppliers by foreigners.',
      fr: "Plafonds de participation étrangère au capital, filtrage et autorisation des investissements étrangers, et restrictions à la forme juridique, à l'établissement ou à l'acquisition de fournisseurs de services par des étrangers.",
    },
  },
  {
    slug: 'movement-of-people',
    name: { en: 'Restrictions on the movement of people', fr: 'Restrictions à la circulation des personnes' },
    description: {
      en: 'Quotas, labour market tests and limits on the duration of stay that affect foreign natural persons supplying services as intra-corporate transferees, contractual service suppliers or independent professionals.',
      fr: "Contingents, examens des besoins du marché du travail et limites à la durée de séjour applicables aux personnes physiques étrangères qui fournissent des services en tant que personnes mutées à l'intérieur d'une société, fournisseurs de services contractuels ou professionnels indépendants.",
    },
  },
  {
    slug: 'discrimination',
    name: { en: 'Other discriminatory measures', fr: 'Autres mesures discriminatoires' },
    description: {
      en: 'Measures that treat foreign services or service suppliers less favourably than domestic ones, such as nationality or residence requirements for boards and managers, discriminatory taxes or subsidies, and preferences in public procurement.',
      fr: "Mesures qui accordent aux services ou aux fournisseurs de services étrangers un traitement moins favorable qu'aux nationaux, telles que les conditions de nationalité ou de résidence imposées aux administrateurs et dirigeants, les taxes ou subventions discriminatoires et les préférences dans les marchés publics.",
    },
  },
  {
    slug: 'competition',
    name: { en: 'Barriers to competition', fr: 'Obstacles à la concurrence' },
    description: {
      en: 'Monopolies, exclusive rights, state ownership, price controls and other regulations that limit the number of suppliers or the way they compete, whatever their nationality.',
      fr: "Monopoles, droits exclusifs, participation de l'État, contrôle des prix et autres réglementations qui limitent le nombre de fournisseurs ou leur manière de se faire concurrence, quelle que soit leur nationalité.",
    },
  },
  {
    slug: 'regulatory-transparency',
    name: { en: 'Regulatory transparency', fr: 'Transparence de la réglementation' },
    description: {
      en: 'Whether laws and regulations are published and consulted on in advance, and whether administrative procedures such as visas, registration and permits are clear, predictable and of reasonable cost and duration.',
      fr: "Publication des lois et règlements et consultation préalable à leur adoption, ainsi que clarté, prévisibilité, coût et durée raisonnables des procédures administratives telles que les visas, l'enregistrement et les autorisations.",
    },
  },
  {
    slug: 'licensing-and-qualifications',
    name: {
      en: 'Licensing and qualification requirements',
      fr: 'Exigences en matière de licences et de qualifications',
    },
    description: {
      en: 'Licensing, authorisation and qualification requirements for service suppliers and professionals, including the recognition of foreign qualifications and any examination, experience or local-training conditions.',
      fr: "Exigences de licence, d'autorisation et de qualification imposées aux fournisseurs de services et aux professionnels, y compris la reconnaissance des qualifications étrangères et les conditions d'examen, d'expérience ou de formation locale.",
    },
  },
  {
    slug: 'payments-and-transfers',
    name: { en: 'Payments and capital transfers', fr: 'Paiements et transferts de capitaux' },
    description: {
      en: 'Restrictions on current payments and capital transfers linked to the supply of services, including foreign exchange controls and limits on the repatriation of profits, fees and investment proceeds.',
      fr: 'Restrictions aux paiements courants et aux transferts de capitaux liés à la fourniture de services, y compris le contrôle des changes et les limites au rapatriement des bénéfices, des honoraires et du produit des investissements.',
    },
  },
];
