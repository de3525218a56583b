// The five demo publications: metadata in both languages and the English text of each PDF.

import type { PublicationType } from '@stp/shared';

export interface PublicationText {
  slug: string;
  titleEn: string;
  titleFr: string;
  summaryEn: string;
  summaryFr: string;
  authors: string;
  publishedOn: string;
  type: PublicationType;
  subtitle: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

export const publicationTexts: readonly PublicationText[] = [
  {
    slug: 'services-trade-restrictions-in-the-eac-2025-review',
    titleEn: 'Services Trade Restrictions in the EAC: 2025 Review',
    titleFr: 'Restrictions au commerce des services dans la CAE : bilan 2025',
    summaryEn:
      'An overview of the measures recorded on the portal in 2025, by partner state, sector and mode of supply, with the main trends since the Common Market Protocol entered into force.',
    summaryFr:
      'Vue d’ensemble des mesures recensées sur le portail en 2025, par État partenaire, secteur et mode de fourniture, avec les grandes tendances depuis l’entrée en vigueur du Protocole sur le marché commun.',
    authors: 'EAC Secretariat, Directorate of Trade',
    publishedOn: '2025-11-20',
    type: 'report',
    subtitle: 'Annual review of the regional database of restrictions on trade in services',
    sections: [
      {
        heading: '1. Purpose of the review',
        paragraphs: [
          'The Protocol on the Establishment of the East African Community Common Market commits the partner states to the progressive liberalisation of trade in services. This review takes stock of the measures that still restrict the supply of services across the Community and of the progress made in removing them.',
          'The review is based on the restrictions recorded on the Services Trade Portal by the national focal points and verified by the Secretariat. Each measure is classified by sector, following the WTO services sectoral classification list, by mode of supply and by policy area.',
        ],
      },
      {
        heading: '2. Main findings',
        paragraphs: [
          'Most recorded measures affect commercial presence (mode 3) and the temporary movement of natural persons (mode 4). Foreign equity limits remain common in telecommunications, transport and financial services, while nationality and residence requirements dominate in the professional services.',
          'Several partner states have amended or removed measures since the previous review, in particular in insurance and in legal services, where mutual recognition agreements have been negotiated. New measures were nevertheless introduced in data-intensive services, where data localisation requirements are spreading.',
          'Restrictions applied by the newer partner states are recorded for the first time. Their schedules of commitments are still being negotiated, so most of their measures are not yet assessed against a commitment.',
        ],
      },
      {
        heading: '3. Recommendations',
        paragraphs: [
          'Partner states should notify new measures before they enter into force, complete the removal plans agreed in the Sectoral Council and use the portal to report on progress. Service suppliers are encouraged to report barriers they encounter through the online complaint form or by SMS.',
        ],
      },
    ],
  },
  {
    slug: 'guide-to-reporting-non-tariff-barriers-by-sms',
    titleEn: 'Guide to Reporting Non-Tariff Barriers by SMS',
    titleFr: 'Guide du signalement des obstacles non tarifaires par SMS',
    summaryEn:
      'A step-by-step guide for traders and service suppliers on reporting a barrier by text message, what happens next and how to follow up.',
    summaryFr:
      'Guide pas à pas pour les commerçants et les prestataires de services : signaler un obstacle par SMS, suite donnée au signalement et suivi.',
    authors: 'EAC Secretariat, NTB Monitoring Unit',
    publishedOn: '2024-06-14',
    type: 'guide',
    subtitle: 'For traders, transporters and service suppliers at the borders of the Community',
    sections: [
      {
        heading: 'Why report by SMS?',
        paragraphs: [
          'Many small traders and service suppliers meet barriers at border posts or in government offices where they have no internet access. The SMS reporting service lets them report the barrier from any mobile phone, at the cost of a normal text message or free of charge where the network operator supports the short code.',
        ],
      },
      {
        heading: 'How to send a report',
        paragraphs: [
          'Type the keyword NTB followed by a short description of the problem, the place where it happened and your name, and send it to the short code of the partner state where you are. For example: NTB Work permit refused for Kenyan mechanic at Namanga, Amina.',
          'You will receive a confirmation message with a reference number. Keep it: you will need it to follow up on your report or to add documents later through the portal.',
        ],
      },
      {
        heading: 'What happens next',
        paragraphs: [
          'The report is registered as a complaint and sent to the national regulator of the partner state concerned, who has 14 days to examine it. If it cannot be resolved nationally, it is forwarded to the regional reviewers and, where necessary, to the Council. You are informed by SMS each time the status of your complaint changes.',
        ],
      },
    ],
  },
  {
    slug: 'mode-4-movement-of-professionals',
    titleEn: 'Mode 4: Movement of Professionals in the Common Market',
    titleFr: 'Mode 4 : la circulation des professionnels dans le marché commun',
    summaryEn:
      'Work permits, recognition of qualifications and residence rules for professionals who supply services in another partner state.',
    summaryFr:
      'Permis de travail, reconnaissance des qualifications et règles de séjour applicables aux professionnels qui fournissent des services dans un autre État partenaire.',
    authors: 'Dr. Achieng Otieno; Prof. Emmanuel Habimana',
    publishedOn: '2025-03-05',
    type: 'study',
    subtitle: 'Policy brief on the temporary movement of natural persons supplying services',
    sections: [
      {
        heading: 'The commitments',
        paragraphs: [
          'The Common Market Protocol guarantees the free movement of workers and the right of establishment of citizens of the partner states. For services, this translates into commitments on mode 4: the temporary presence of natural persons who supply a service in another partner state.',
          'In practice, professionals still face work permit fees, labour market tests and requirements to pass local examinations before they can practise. The portal records more than a hundred such measures.',
        ],
      },
      {
        heading: 'Mutual recognition',
        paragraphs: [
          'Mutual recognition agreements have been signed for accountants, architects, engineers and veterinarians, and negotiations are under way for advocates and medical practitioners. Where an agreement is in force, a professional registered in one partner state can be registered in another without a new examination.',
        ],
      },
      {
        heading: 'Options for reform',
        paragraphs: [
          'The brief recommends waiving work permit fees for all citizens of the partner states, publishing processing times, and replacing labour market tests by notification requirements for intra-corporate transferees and contractual service suppliers.',
        ],
      },
    ],
  },
  {
    slug: 'financial-services-integration-brief',
    titleEn: 'Financial Services Integration Brief',
    titleFr: 'Note sur l’intégration des services financiers',
    summaryEn:
      'How licensing, capital and ownership rules shape the cross-border supply of banking, insurance and payment services in the Community.',
    summaryFr:
      'Comment les règles d’agrément, de capital et de propriété influencent la fourniture transfrontière de services bancaires, d’assurance et de paiement dans la Communauté.',
    authors: 'EAC Secretariat, Financial Sector Development and Regionalisation Project',
    publishedOn: '2024-10-30',
    type: 'policy_brief',
    subtitle: 'Banking, insurance, capital markets and payments',
    sections: [
      {
        heading: 'Where the market stands',
        paragraphs: [
          'Regional banking groups now operate in most partner states, and mobile money has made cross-border payments faster and cheaper. Insurance and capital markets remain largely national, with local ownership requirements and separate licences in each partner state.',
        ],
      },
      {
        heading: 'Barriers recorded',
        paragraphs: [
          'The portal records minimum local shareholdings for insurers, higher capital requirements for foreign-owned banks, restrictions on the cross-border supply of reinsurance and approval requirements for the transfer of profits. Several of these measures are scheduled for removal under the financial sector harmonisation programme.',
          'A single passport for licensed institutions, similar to the approach taken in other regional markets, would remove the need for separate licences and lower compliance costs for smaller institutions.',
        ],
      },
    ],
  },
  {
    slug: 'telecommunications-regulatory-handbook',
    titleEn: 'Telecommunications Regulatory Handbook',
    titleFr: 'Manuel de réglementation des télécommunications',
    summaryEn:
      'A reference on licensing frameworks, ownership rules, spectrum and roaming in the telecommunications sector of each partner state.',
    summaryFr:
      'Ouvrage de référence sur les régimes de licences, les règles de propriété, le spectre et l’itinérance dans le secteur des télécommunications de chaque État partenaire.',
    authors: 'East African Communications Organisation; EAC Secretariat',
    publishedOn: '2023-09-18',
    type: 'guide',
    subtitle: 'Licensing, ownership, spectrum and the One Network Area',
    sections: [
      {
        heading: 'Licensing frameworks',
        paragraphs: [
          'All partner states have moved to converged, technology-neutral licensing, with separate licences for network facilities, network services, application services and content services. The national regulators publish their licensing procedures and fees, but processing times vary widely.',
        ],
      },
      {
        heading: 'Ownership rules',
        paragraphs: [
          'Several partner states require a minimum local shareholding for network operators, often through a listing on the national securities exchange. The handbook lists these requirements and the transition periods granted to existing operators.',
        ],
      },
      {
        heading: 'The One Network Area',
        paragraphs: [
          'Under the One Network Area, calls between participating partner states are charged at local rates and incoming roaming calls are free. The handbook explains the wholesale rate caps agreed by the regulators and how consumers can report operators that do not apply them.',
        ],
      },
    ],
  },
];
