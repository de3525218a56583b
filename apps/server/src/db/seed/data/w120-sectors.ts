// WTO Services Sectoral Classification List, MTN.GNS/W/120, in English and French (Liste de classification sectorielle des services).

export interface SectorSeed {
  /** W/120 code: '1' for a sector, '1.A' for a sub-sector, '1.A.a' for a specific service. */
  code: string;
  name: { en: string; fr: string };
  /**
   * Provisional CPC reference as W/120 gives it, where it gives one. '*' means the service is only part of
   * the CPC item, '**' that it is only part of the total range of activities covered by the CPC item.
   */
  cpc?: string;
  children?: SectorSeed[];
}

export const w120Sectors: SectorSeed[] = [
  {
    code: '1',
    name: { en: 'Business services', fr: 'Services fournis aux entreprises' },
    children: [
      {
        code: '1.A',
        name: { en: 'Professional services', fr: 'Services professionnels' },
        children: [
          { code: '1.A.a', name: { en: 'Legal services', fr: 'Services juridiques' }, cpc: '861' },
          {
            code: '1.A.b',
            name: {
              en: 'Accounting, auditing and bookkeeping services',
              fr: "Services comptables, d'audit et de tenue de livres",
            },
            cpc: '862',
          },
          { code: '1.A.c', name: { en: 'Taxation services', fr: 'Services de conseil fiscal' }, cpc: '863' },
          {
            code: '1.A.d',
            name: { en: 'Architectural services', fr: "Services d'architecture" },
            cpc: '8671',
          },
          { code: '1.A.e', name: { en: 'Engineering services', fr: "Services d'ingénierie" }, cpc: '8672' },
          {
            code: '1.A.f',
            name: { en: 'Integrated engineering services', fr: "Services intégrés d'ingénierie" },
            cpc: '8673',
          },
          {
            code: '1.A.g',
            name: {
              en: 'Urban planning and landscape architectural services',
              fr: "Services d'aménagement urbain et d'architecture paysagère",
            },
            cpc: '8674',
          },
          {
            code: '1.A.h',
            name: { en: 'Medical and dental services', fr: 'Services médicaux et dentaires' },
            cpc: '9312',
          },
          { code: '1.A.i', name: { en: 'Veterinary services', fr: 'Services vétérinaires' }, cpc: '932' },
          {
            code: '1.A.j',
            name: {
              en: 'Services provided by midwives, nurses, physiotherapists and para-medical personnel',
              fr: 'Services fournis par les sages-femmes, le personnel infirmier, les physiothérapeutes et le personnel paramédical',
            },
            cpc: '93191',
          },
          { code: '1.A.k', name: { en: 'Other', fr: 'Autres' } },
        ],
      },
      {
        code: '1.B',
        name: { en: 'Computer and related services', fr: 'Services informatiques et services connexes' },
        children: [
          {
            code: '1.B.a',
            name: {
              en: 'Consultancy services related to the installation of computer hardware',
              fr: "Services de consultation en matière d'installation des matériels informatiques",
            },
            cpc: '841',
          },
          {
            code: '1.B.b',
            name: { en: 'Software implementation services', fr: 'Services de réalisation de logiciels' },
            cpc: '842',
          },
          {
            code: '1.B.c',
            name: { en: 'Data processing services', fr: 'Services de traitement de données' },
            cpc: '843',
          },
          {
            code: '1.B.d',
            name: { en: 'Data base services', fr: 'Services de bases de données' },
            cpc: '844',
          },
          { code: '1.B.e', name: { en: 'Other', fr: 'Autres' }, cpc: '845+849' },
        ],
      },
      {
        code: '1.C',
        name: { en: 'Research and development services', fr: 'Services de recherche et développement' },
        children: [
          {
            code: '1.C.a',
            name: { en: 'R&D services on natural sciences', fr: 'Services de R-D en sciences naturelles' },
            cpc: '851',
          },
          {
            code: '1.C.b',
            name: {
              en: 'R&D services on social sciences and humanities',
              fr: 'Services de R-D en sciences sociales et humaines',
            },
            cpc: '852',
          },
          {
            code: '1.C.c',
            name: { en: 'Interdisciplinary R&D services', fr: 'Services de R-D interdisciplinaires' },
            cpc: '853',
          },
        ],
      },
      {
        code: '1.D',
        name: { en: 'Real estate services', fr: 'Services immobiliers' },
        children: [
          {
            code: '1.D.a',
            name: {
              en: 'Involving own or leased property',
              fr: 'Se rapportant à des biens propres ou loués',
            },
            cpc: '821',
          },
          {
            code: '1.D.b',
            name: { en: 'On a fee or contract basis', fr: 'À forfait ou sous contrat' },
            cpc: '822',
          },
        ],
      },
      {
        code: '1.E',
        name: {
          en: 'Rental/leasing services without operators',
          fr: 'Services de crédit-bail ou de location sans opérateurs',
        },
        children: [
          { code: '1.E.a', name: { en: 'Relating to ships', fr: 'Se rapportant aux navires' }, cpc: '83103' },
          {
            code: '1.E.b',
            name: { en: 'Relating to aircraft', fr: 'Se rapportant aux aéronefs' },
            cpc: '83104',
          },
          {
            code: '1.E.c',
            name: {
              en: 'Relating to other transport equipment',
              fr: "Se rapportant à d'autres équipements de transport",
            },
            cpc: '83101+83102+83105',
          },
          {
            code: '1.E.d',
            name: {
              en: 'Relating to other machinery and equipment',
              fr: "Se rapportant à d'autres machines et équipements",
            },
            cpc: '83106-83109',
          },
          { code: '1.E.e', name: { en: 'Other', fr: 'Autres' }, cpc: '832' },
        ],
      },
      {
        code: '1.F',
        name: { en: 'Other business services', fr: 'Autres services fournis aux entreprises' },
        children: [
          { code: '1.F.a', name: { en: 'Advertising services', fr: 'Services de publicité' }, cpc: '871' },
          {
            code: '1.F.b',
            name: {
              en: 'Market research and public opinion polling services',
              fr: "Services d'études de marché et de sondages",
            },
            cpc: '864',
          },
          {
            code: '1.F.c',
            name: { en: 'Management consulting services', fr: 'Services de conseil en gestion' },
            cpc: '865',
          },
          {
            code: '1.F.d',
            name: {
              en: 'Services related to management consulting',
              fr: 'Services connexes aux services de conseil en gestion',
            },
            cpc: '866',
          },
          {
            code: '1.F.e',
            name: {
              en: 'Technical testing and analysis services',
              fr: "Services d'essais et d'analyses techniques",
            },
            cpc: '8676',
          },
          {
            code: '1.F.f',
            name: {
              en: 'Services incidental to agriculture, hunting and forestry',
              fr: "Services annexes à l'agriculture, à la chasse et à la sylviculture",
            },
            cpc: '881',
          },
          {
            code: '1.F.g',
            name: { en: 'Services incidental to fishing', fr: 'Services annexes à la pêche' },
            cpc: '882',
          },
          {
            code: '1.F.h',
            name: { en: 'Services incidental to mining', fr: 'Services annexes aux industries extractives' },
            cpc: '883+5115',
          },
          {
            code: '1.F.i',
            name: {
              en: 'Services incidental to manufacturing',
              fr: 'Services annexes aux industries manufacturières',
            },
            cpc: '884+885 (except for 88442)',
          },
          {
            code: '1.F.j',
            name: {
              en: 'Services incidental to energy distribution',
              fr: "Services annexes à la distribution d'énergie",
            },
            cpc: '887',
          },
          {
            code: '1.F.k',
            name: {
              en: 'Placement and supply services of personnel',
              fr: 'Services de placement et de fourniture de personnel',
            },
            cpc: '872',
          },
          {
            code: '1.F.l',
            name: { en: 'Investigation and security', fr: "Services d'enquêtes et de sécurité" },
            cpc: '873',
          },
          {
            code: '1.F.m',
            name: {
              en: 'Related scientific and technical consulting services',
              fr: 'Services connexes de consultations scientifiques et techniques',
            },
            cpc: '8675',
          },
          {
            code: '1.F.n',
            name: {
              en: 'Maintenance and repair of equipment (not including maritime vessels, aircraft or other transport equipment)',
              fr: "Services d'entretien et de réparation de matériel (à l'exclusion des navires, des aéronefs et des autres matériels de transport)",
            },
            cpc: '633+8861-8866',
          },
          {
            code: '1.F.o',
            name: { en: 'Building-cleaning services', fr: 'Services de nettoyage de bâtiments' },
            cpc: '874',
          },
          {
            code: '1.F.p',
            name: { en: 'Photographic services', fr: 'Services photographiques' },
            cpc: '875',
          },
          {
            code: '1.F.q',
            name: { en: 'Packaging services', fr: 'Services de conditionnement' },
            cpc: '876',
          },
          {
            code: '1.F.r',
            name: { en: 'Printing, publishing', fr: "Services d'impression et de publication" },
            cpc: '88442',
          },
          { code: '1.F.s', name: { en: 'Convention services', fr: 'Services de congrès' }, cpc: '87909*' },
          { code: '1.F.t', name: { en: 'Other', fr: 'Autres' }, cpc: '8790' },
        ],
      },
    ],
  },
  {
    code: '2',
    name: { en: 'Communication services', fr: 'Services de communication' },
    children: [
      { code: '2.A', name: { en: 'Postal services', fr: 'Services postaux' }, cpc: '7511' },
      { code: '2.B', name: { en: 'Courier services', fr: 'Services de courrier' }, cpc: '7512' },
      {
        code: '2.C',
        name: { en: 'Telecommunication services', fr: 'Services de télécommunications' },
        children: [
          {
            code: '2.C.a',
            name: { en: 'Voice telephone services', fr: 'Services de téléphone vocal' },
            cpc: '7521',
          },
          {
            code: '2.C.b',
            name: {
              en: 'Packet-switched data transmission services',
              fr: 'Services de transmission de données avec commutation de paquets',
            },
            cpc: '7523**',
          },
          {
            code: '2.C.c',
            name: {
              en: 'Circuit-switched data transmission services',
              fr: 'Services de transmission de données avec commutation de circuits',
            },
            cpc: '7523**',
          },
          { code: '2.C.d', name: { en: 'Telex services', fr: 'Services de télex' }, cpc: '7523**' },
          { code: '2.C.e', name: { en: 'Telegraph services', fr: 'Services de télégraphe' }, cpc: '7522' },
          {
            code: '2.C.f',
            name: { en: 'Facsimile services', fr: 'Services de télécopie' },
            cpc: '7521**+7529**',
          },
          {
            code: '2.C.g',
            name: { en: 'Private leased circuit services', fr: 'Services par circuits loués privés' },
            cpc: '7522**+7523**',
          },
          { code: '2.C.h', name: { en: 'Electronic mail', fr: 'Courrier électronique' }, cpc: '7523**' },
          { code: '2.C.i', name: { en: 'Voice mail', fr: 'Audiomessagerie' }, cpc: '7523**' },
          {
            code: '2.C.j',
            name: {
              en: 'On-line information and data base retrieval',
              fr: "Services directs d'information et de recherche dans les bases de données",
            },
            cpc: '7523**',
          },
          {
            code: '2.C.k',
            name: { en: 'Electronic data interchange (EDI)', fr: 'Échange électronique de données (EDI)' },
            cpc: '7523**',
          },
          {
            code: '2.C.l',
            name: {
              en: 'Enhanced/value-added facsimile services, including store and forward, store and retrieve',
              fr: 'Services de télécopie améliorés/à valeur ajoutée, y compris enregistrement et retransmission, et enregistrement et extraction',
            },
            cpc: '7523**',
          },
          // W/120 gives no CPC ('n.a.').
          {
            code: '2.C.m',
            name: { en: 'Code and protocol conversion', fr: 'Conversion de codes et de protocoles' },
          },
          {
            code: '2.C.n',
            name: {
              en: 'On-line information and/or data processing (including transaction processing)',
              fr: "Traitement direct de l'information et/ou des données (y compris le traitement des transactions)",
            },
            cpc: '843**',
          },
          { code: '2.C.o', name: { en: 'Other', fr: 'Autres' } },
        ],
      },
      {
        code: '2.D',
        name: { en: 'Audiovisual services', fr: 'Services audiovisuels' },
        children: [
          {
            code: '2.D.a',
            name: {
              en: 'Motion picture and video tape production and distribution services',
              fr: 'Services de production et de distribution de films cinématographiques et de bandes vidéo',
            },
            cpc: '9611',
          },
          {
            code: '2.D.b',
            name: {
              en: 'Motion picture projection service',
              fr: 'Services de projection de films cinématographiques',
            },
            cpc: '9612',
          },
          {
            code: '2.D.c',
            name: { en: 'Radio and television services', fr: 'Services de radio et de télévision' },
            cpc: '9613',
          },
          {
            code: '2.D.d',
            name: {
              en: 'Radio and television transmission services',
              fr: 'Services de transmission de programmes de radio et de télévision',
            },
            cpc: '7524',
          },
          // W/120 gives no CPC ('n.a.').
          { code: '2.D.e', name: { en: 'Sound recording', fr: 'Enregistrement sonore' } },
          { code: '2.D.f', name: { en: 'Other', fr: 'Autres' } },
        ],
      },
      { code: '2.E', name: { en: 'Other', fr: 'Autres' } },
    ],
  },
  {
    code: '3',
    name: {
      en: 'Construction and related engineering services',
      fr: "Services de construction et services d'ingénierie connexes",
    },
    children: [
      {
        code: '3.A',
        name: {
          en: 'General construction work for buildings',
          fr: "Travaux d'entreprise générale de construction pour le bâtiment",
        },
        cpc: '512',
      },
      {
        code: '3.B',
        name: {
          en: 'General construction work for civil engineering',
          fr: "Travaux d'entreprise générale de construction pour le génie civil",
        },
        cpc: '513',
      },
      {
        code: '3.C',
        name: { en: 'Installation and assembly work', fr: "Travaux d'installation et de montage" },
        cpc: '514+516',
      },
      {
        code: '3.D',
        name: {
          en: 'Building completion and finishing work',
          fr: "Travaux d'achèvement et de finition des bâtiments",
        },
        cpc: '517',
      },
      { code: '3.E', name: { en: 'Other', fr: 'Autres' }, cpc: '511+515+518' },
    ],
  },
  {
    code: '4',
    name: { en: 'Distribution services', fr: 'Services de distribution' },
    children: [
      {
        code: '4.A',
        name: { en: "Commission agents' services", fr: 'Services de commissionnaires' },
        cpc: '621',
      },
      {
        code: '4.B',
        name: { en: 'Wholesale trade services', fr: 'Services de commerce de gros' },
        cpc: '622',
      },
      {
        code: '4.C',
        name: { en: 'Retailing services', fr: 'Services de commerce de détail' },
        cpc: '631+632+6111+6113+6121',
      },
      { code: '4.D', name: { en: 'Franchising', fr: 'Services de franchisage' }, cpc: '8929' },
      { code: '4.E', name: { en: 'Other', fr: 'Autres' } },
    ],
  },
  {
    code: '5',
    name: { en: 'Educational services', fr: "Services d'éducation" },
    children: [
      {
        code: '5.A',
        name: { en: 'Primary education services', fr: "Services d'enseignement primaire" },
        cpc: '921',
      },
      {
        code: '5.B',
        name: { en: 'Secondary education services', fr: "Services d'enseignement secondaire" },
        cpc: '922',
      },
      {
        code: '5.C',
        name: { en: 'Higher education services', fr: "Services d'enseignement supérieur" },
        cpc: '923',
      },
      {
        code: '5.D',
        name: { en: 'Adult education', fr: "Services d'enseignement pour adultes" },
        cpc: '924',
      },
      {
        code: '5.E',
        name: { en: 'Other education services', fr: "Autres services d'enseignement" },
        cpc: '929',
      },
    ],
  },
  {
    code: '6',
    name: { en: 'Environmental services', fr: "Services concernant l'environnement" },
    children: [
      { code: '6.A', name: { en: 'Sewage services', fr: "Services d'assainissement" }, cpc: '9401' },
      {
        code: '6.B',
        name: { en: 'Refuse disposal services', fr: "Services d'enlèvement des ordures" },
        cpc: '9402',
      },
      {
        code: '6.C',
        name: { en: 'Sanitation and similar services', fr: 'Services de voirie et services analogues' },
        cpc: '9403',
      },
      { code: '6.D', name: { en: 'Other', fr: 'Autres' } },
    ],
  },
  {
    code: '7',
    name: { en: 'Financial services', fr: 'Services financiers' },
    children: [
      {
        code: '7.A',
        name: {
          en: 'All insurance and insurance-related services',
          fr: "Tous services d'assurance et services connexes",
        },
        cpc: '812**',
        children: [
          {
            code: '7.A.a',
            name: {
              en: 'Life, accident and health insurance services',
              fr: "Services d'assurance sur la vie, contre les accidents et d'assurance-maladie",
            },
            cpc: '8121',
          },
          {
            code: '7.A.b',
            name: { en: 'Non-life insurance services', fr: "Services d'assurance autres que sur la vie" },
            cpc: '8129',
          },
          {
            code: '7.A.c',
            name: { en: 'Reinsurance and retrocession', fr: 'Réassurance et rétrocession' },
            cpc: '81299*',
          },
          {
            code: '7.A.d',
            name: {
              en: 'Services auxiliary to insurance (including broking and agency services)',
              fr: "Services auxiliaires de l'assurance (y compris les services de courtage et d'agence)",
            },
            cpc: '8140',
          },
        ],
      },
      {
        code: '7.B',
        name: {
          en: 'Banking and other financial services (excluding insurance)',
          fr: "Services bancaires et autres services financiers (à l'exclusion de l'assurance)",
        },
        children: [
          {
            code: '7.B.a',
            name: {
              en: 'Acceptance of deposits and other repayable funds from the public',
              fr: "Acceptation de dépôts et d'autres fonds remboursables du public",
            },
            cpc: '81115-81119',
          },
          {
            code: '7.B.b',
            name: {
              en: 'Lending of all types, including, inter alia, consumer credit, mortgage credit, factoring and financing of commercial transaction',
              fr: 'Prêts de tout type, y compris, entre autres, crédit à la consommation, crédit hypothécaire, affacturage et financement de transactions commerciales',
            },
            cpc: '8113',
          },
          { code: '7.B.c', name: { en: 'Financial leasing', fr: 'Crédit-bail' }, cpc: '8112' },
          {
            code: '7.B.d',
            name: {
              en: 'All payment and money transmission services',
              fr: 'Tous services de règlement et de transferts monétaires',
            },
            cpc: '81339**',
          },
          {
            code: '7.B.e',
            name: { en: 'Guarantees and commitments', fr: 'Garanties et engagements' },
            cpc: '81199**',
          },
          // W/120 lists, without letters: money market instruments (cheques, bills, certificates of deposit,
          // etc.) 81339**; foreign exchange 81333; derivative products including, but not limited to, futures
          // and options 81339**; exchange rate and interest rate instruments, including products such as
          // swaps, forward rate agreements, etc. 81339**; transferable securities 81321*; other negotiable
          // instruments and financial assets, including bullion 81339**.
          {
            code: '7.B.f',
            name: {
              en: 'Trading for own account or for account of customers, whether on an exchange, in an over-the-counter market or otherwise',
              fr: 'Opérations pour compte propre ou pour compte de clients, que ce soit dans une bourse, sur un marché hors cote ou autre',
            },
          },
          {
            code: '7.B.g',
            name: {
              en: 'Participation in issues of all kinds of securities, including under-writing and placement as agent (whether publicly or privately) and provision of service related to such issues',
              fr: "Participation à des émissions de tout type de valeurs mobilières, y compris la garantie et le placement en qualité d'agent (dans le public ou à titre privé), et prestation de services relatifs à ces émissions",
            },
            cpc: '8132',
          },
          { code: '7.B.h', name: { en: 'Money broking', fr: 'Courtage monétaire' }, cpc: '81339**' },
          {
            code: '7.B.i',
            name: {
              en: 'Asset management, such as cash or portfolio management, all forms of collective investment management, pension fund management, custodial depository and trust services',
              fr: "Gestion d'actifs, par exemple gestion de trésorerie ou de portefeuille, toutes formes de gestion d'investissements collectifs, gestion de fonds de pension, services de garde, services de dépositaire et services fiduciaires",
            },
            cpc: '8119**+81323*',
          },
          {
            code: '7.B.j',
            name: {
              en: 'Settlement and clearing services for financial assets, including securities, derivative products, and other negotiable instruments',
              fr: 'Services de règlement et de compensation afférents à des actifs financiers, y compris valeurs mobilières, produits dérivés et autres instruments négociables',
            },
            cpc: '81339** or 81319**',
          },
          {
            code: '7.B.k',
            name: {
              en: 'Advisory and other auxiliary financial services on all the activities listed in Article 1B of MTN.TNC/W/50, including credit reference and analysis, investment and portfolio research and advice, advice on acquisitions and on corporate restructuring and strategy',
              fr: "Services de conseil et autres services financiers auxiliaires se rapportant à toutes les activités énumérées à l'article 1B du document MTN.TNC/W/50, y compris cote de crédit et analyse financière, recherche et conseil en investissements et en placements, et conseil en matière d'acquisitions, de restructurations et de stratégies d'entreprises",
            },
            cpc: '8131 or 8133',
          },
          {
            code: '7.B.l',
            name: {
              en: 'Provision and transfer of financial information, and financial data processing and related software by providers of other financial services',
              fr: "Fourniture et transfert d'informations financières, et traitement de données financières et logiciels y relatifs, par les fournisseurs d'autres services financiers",
            },
            cpc: '8131',
          },
        ],
      },
      { code: '7.C', name: { en: 'Other', fr: 'Autres' } },
    ],
  },
  {
    code: '8',
    name: {
      en: 'Health related and social services (other than those listed under 1.A.h-j)',
      fr: 'Services de santé et services sociaux (autres que ceux qui sont énumérés aux points 1.A.h-j)',
    },
    children: [
      { code: '8.A', name: { en: 'Hospital services', fr: 'Services hospitaliers' }, cpc: '9311' },
      {
        code: '8.B',
        name: { en: 'Other human health services', fr: 'Autres services de santé humaine' },
        cpc: '9319 (other than 93191)',
      },
      { code: '8.C', name: { en: 'Social services', fr: 'Services sociaux' }, cpc: '933' },
      { code: '8.D', name: { en: 'Other', fr: 'Autres' } },
    ],
  },
  {
    code: '9',
    name: { en: 'Tourism and travel related services', fr: 'Services relatifs au tourisme et aux voyages' },
    children: [
      {
        code: '9.A',
        name: {
          en: 'Hotels and restaurants (including catering)',
          fr: 'Hôtellerie et restauration (y compris la restauration hors établissement)',
        },
        cpc: '641-643',
      },
      {
        code: '9.B',
        name: {
          en: 'Travel agencies and tour operators services',
          fr: "Services d'agences de voyages et d'organisateurs touristiques",
        },
        cpc: '7471',
      },
      {
        code: '9.C',
        name: { en: 'Tourist guides services', fr: 'Services de guides touristiques' },
        cpc: '7472',
      },
      { code: '9.D', name: { en: 'Other', fr: 'Autres' } },
    ],
  },
  {
    code: '10',
    name: {
      en: 'Recreational, cultural and sporting services (other than audiovisual services)',
      fr: 'Services récréatifs, culturels et sportifs (autres que les services audiovisuels)',
    },
    children: [
      {
        code: '10.A',
        name: {
          en: 'Entertainment services (including theatre, live bands and circus services)',
          fr: 'Services de spectacles (y compris les pièces de théâtre, les orchestres et les cirques)',
        },
        cpc: '9619',
      },
      {
        code: '10.B',
        name: { en: 'News agency services', fr: "Services d'agences d'information" },
        cpc: '962',
      },
      {
        code: '10.C',
        name: {
          en: 'Libraries, archives, museums and other cultural services',
          fr: 'Services des bibliothèques, archives, musées et autres services culturels',
        },
        cpc: '963',
      },
      {
        code: '10.D',
        name: {
          en: 'Sporting and other recreational services',
          fr: 'Services sportifs et autres services récréatifs',
        },
        cpc: '964',
      },
      { code: '10.E', name: { en: 'Other', fr: 'Autres' } },
    ],
  },
  {
    code: '11',
    name: { en: 'Transport services', fr: 'Services de transports' },
    children: [
      {
        code: '11.A',
        name: { en: 'Maritime transport services', fr: 'Services de transports maritimes' },
        children: [
          {
            code: '11.A.a',
            name: { en: 'Passenger transportation', fr: 'Transport de passagers' },
            cpc: '7211',
          },
          {
            code: '11.A.b',
            name: { en: 'Freight transportation', fr: 'Transport de marchandises' },
            cpc: '7212',
          },
          {
            code: '11.A.c',
            name: { en: 'Rental of vessels with crew', fr: 'Location de navires avec équipage' },
            cpc: '7213',
          },
          {
            code: '11.A.d',
            name: { en: 'Maintenance and repair of vessels', fr: 'Maintenance et réparation de navires' },
            cpc: '8868**',
          },
          {
            code: '11.A.e',
            name: { en: 'Pushing and towing services', fr: 'Services de poussage et de remorquage' },
            cpc: '7214',
          },
          {
            code: '11.A.f',
            name: {
              en: 'Supporting services for maritime transport',
              fr: "Services d'appui aux transports maritimes",
            },
            cpc: '745**',
          },
        ],
      },
      {
        code: '11.B',
        name: { en: 'Internal waterways transport', fr: 'Transports par les voies navigables intérieures' },
        children: [
          {
            code: '11.B.a',
            name: { en: 'Passenger transportation', fr: 'Transport de passagers' },
            cpc: '7221',
          },
          {
            code: '11.B.b',
            name: { en: 'Freight transportation', fr: 'Transport de marchandises' },
            cpc: '7222',
          },
          {
            code: '11.B.c',
            name: { en: 'Rental of vessels with crew', fr: 'Location de navires avec équipage' },
            cpc: '7223',
          },
          {
            code: '11.B.d',
            name: { en: 'Maintenance and repair of vessels', fr: 'Maintenance et réparation de navires' },
            cpc: '8868**',
          },
          {
            code: '11.B.e',
            name: { en: 'Pushing and towing services', fr: 'Services de poussage et de remorquage' },
            cpc: '7224',
          },
          {
            code: '11.B.f',
            name: {
              en: 'Supporting services for internal waterway transport',
              fr: "Services d'appui aux transports par les voies navigables intérieures",
            },
            cpc: '745**',
          },
        ],
      },
      {
        code: '11.C',
        name: { en: 'Air transport services', fr: 'Services de transports aériens' },
        children: [
          {
            code: '11.C.a',
            name: { en: 'Passenger transportation', fr: 'Transport de passagers' },
            cpc: '731',
          },
          {
            code: '11.C.b',
            name: { en: 'Freight transportation', fr: 'Transport de marchandises' },
            cpc: '732',
          },
          {
            code: '11.C.c',
            name: { en: 'Rental of aircraft with crew', fr: "Location d'aéronefs avec équipage" },
            cpc: '734',
          },
          {
            code: '11.C.d',
            name: { en: 'Maintenance and repair of aircraft', fr: "Maintenance et réparation d'aéronefs" },
            cpc: '8868**',
          },
          {
            code: '11.C.e',
            name: {
              en: 'Supporting services for air transport',
              fr: "Services d'appui aux transports aériens",
            },
            cpc: '746',
          },
        ],
      },
      { code: '11.D', name: { en: 'Space transport', fr: 'Transports spatiaux' }, cpc: '733' },
      {
        code: '11.E',
        name: { en: 'Rail transport services', fr: 'Services de transports ferroviaires' },
        children: [
          {
            code: '11.E.a',
            name: { en: 'Passenger transportation', fr: 'Transport de passagers' },
            cpc: '7111',
          },
          {
            code: '11.E.b',
            name: { en: 'Freight transportation', fr: 'Transport de marchandises' },
            cpc: '7112',
          },
          {
            code: '11.E.c',
            name: { en: 'Pushing and towing services', fr: 'Services de poussage et de remorquage' },
            cpc: '7113',
          },
          {
            code: '11.E.d',
            name: {
              en: 'Maintenance and repair of rail transport equipment',
              fr: 'Maintenance et réparation du matériel de transport ferroviaire',
            },
            cpc: '8868**',
          },
          {
            code: '11.E.e',
            name: {
              en: 'Supporting services for rail transport services',
              fr: "Services d'appui aux services de transports ferroviaires",
            },
            cpc: '743',
          },
        ],
      },
      {
        code: '11.F',
        name: { en: 'Road transport services', fr: 'Services de transports routiers' },
        children: [
          {
            code: '11.F.a',
            name: { en: 'Passenger transportation', fr: 'Transport de passagers' },
            cpc: '7121+7122',
          },
          {
            code: '11.F.b',
            name: { en: 'Freight transportation', fr: 'Transport de marchandises' },
            cpc: '7123',
          },
          {
            code: '11.F.c',
            name: {
              en: 'Rental of commercial vehicles with operator',
              fr: 'Location de véhicules commerciaux avec opérateur',
            },
            cpc: '7124',
          },
          {
            code: '11.F.d',
            name: {
              en: 'Maintenance and repair of road transport equipment',
              fr: 'Maintenance et réparation du matériel de transport routier',
            },
            cpc: '6112+8867',
          },
          {
            code: '11.F.e',
            name: {
              en: 'Supporting services for road transport services',
              fr: "Services d'appui aux services de transports routiers",
            },
            cpc: '744',
          },
        ],
      },
      {
        code: '11.G',
        name: { en: 'Pipeline transport', fr: 'Transports par conduites' },
        children: [
          {
            code: '11.G.a',
            name: { en: 'Transportation of fuels', fr: 'Transport de combustibles' },
            cpc: '7131',
          },
          {
            code: '11.G.b',
            name: { en: 'Transportation of other goods', fr: "Transport d'autres marchandises" },
            cpc: '7139',
          },
        ],
      },
      {
        code: '11.H',
        name: {
          en: 'Services auxiliary to all modes of transport',
          fr: 'Services auxiliaires de tous les modes de transport',
        },
        children: [
          {
            code: '11.H.a',
            name: { en: 'Cargo-handling services', fr: 'Services de manutention' },
            cpc: '741',
          },
          {
            code: '11.H.b',
            name: { en: 'Storage and warehouse services', fr: "Services d'entreposage et de magasinage" },
            cpc: '742',
          },
          {
            code: '11.H.c',
            name: {
              en: 'Freight transport agency services',
              fr: 'Services des agences de transport de marchandises',
            },
            cpc: '748',
          },
          { code: '11.H.d', name: { en: 'Other', fr: 'Autres' }, cpc: '749' },
        ],
      },
      { code: '11.I', name: { en: 'Other transport services', fr: 'Autres services de transport' } },
    ],
  },
  {
    code: '12',
    name: { en: 'Other services not included elsewhere', fr: 'Autres services non compris ailleurs' },
    cpc: '95+97+98+99',
  },
];
