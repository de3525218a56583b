// Short, lower-case labels of the W/120 codes for use inside restriction titles and texts, and the family of
// laws and regulators each code falls under.

/** The kind of law and regulator that governs a service; general keys are shared by all sectors. */
export type LawKey =
  | 'investment'
  | 'immigration'
  | 'labour'
  | 'procurement'
  | 'companies'
  | 'legal'
  | 'accounting'
  | 'tax'
  | 'architecture'
  | 'engineering'
  | 'medical'
  | 'nursing'
  | 'veterinary'
  | 'realestate'
  | 'ict'
  | 'security'
  | 'business'
  | 'telecom'
  | 'broadcasting'
  | 'construction'
  | 'distribution'
  | 'education'
  | 'environment'
  | 'insurance'
  | 'banking'
  | 'securities'
  | 'payments'
  | 'health'
  | 'tourism'
  | 'recreation'
  | 'maritime'
  | 'inland_water'
  | 'freight'
  | 'air'
  | 'road'
  | 'rail'
  | 'pipeline'
  | 'mining';

/** Where to look when a country has no specific law for a family; the chain ends at `investment`. */
export const lawFallback: Partial<Record<LawKey, LawKey>> = {
  tax: 'accounting',
  architecture: 'engineering',
  nursing: 'medical',
  veterinary: 'medical',
  medical: 'health',
  realestate: 'business',
  security: 'business',
  business: 'companies',
  broadcasting: 'telecom',
  payments: 'banking',
  securities: 'banking',
  recreation: 'tourism',
  inland_water: 'maritime',
  freight: 'maritime',
  pipeline: 'mining',
  construction: 'procurement',
  distribution: 'investment',
  companies: 'investment',
  procurement: 'investment',
  labour: 'immigration',
  immigration: 'investment',
};

const labels: Record<string, string> = {
  '1': 'business services',
  '1.A': 'professional services',
  '1.A.a': 'legal services',
  '1.A.b': 'accounting and auditing services',
  '1.A.c': 'tax advisory services',
  '1.A.d': 'architectural services',
  '1.A.e': 'engineering services',
  '1.A.f': 'integrated engineering services',
  '1.A.g': 'urban planning services',
  '1.A.h': 'medical and dental services',
  '1.A.i': 'veterinary services',
  '1.A.j': 'nursing and midwifery services',
  '1.A.k': 'professional services',
  '1.B': 'computer services',
  '1.B.a': 'IT hardware consultancy',
  '1.B.b': 'software implementation services',
  '1.B.c': 'data processing services',
  '1.B.d': 'database services',
  '1.B.e': 'computer services',
  '1.C': 'research and development services',
  '1.C.a': 'natural science research',
  '1.C.b': 'social science research',
  '1.C.c': 'interdisciplinary research',
  '1.D': 'real estate services',
  '1.D.a': 'property letting services',
  '1.D.b': 'real estate agency services',
  '1.E': 'equipment leasing',
  '1.E.a': 'ship leasing',
  '1.E.b': 'aircraft leasing',
  '1.E.c': 'transport equipment leasing',
  '1.E.d': 'machinery leasing',
  '1.E.e': 'equipment leasing',
  '1.F': 'business support services',
  '1.F.a': 'advertising services',
  '1.F.b': 'market research services',
  '1.F.c': 'management consulting',
  '1.F.d': 'project management services',
  '1.F.e': 'technical testing and analysis',
  '1.F.f': 'agricultural support services',
  '1.F.g': 'fishing support services',
  '1.F.h': 'mining support services',
  '1.F.i': 'manufacturing support services',
  '1.F.j': 'energy distribution services',
  '1.F.k': 'recruitment and placement services',
  '1.F.l': 'private security services',
  '1.F.m': 'surveying and technical consulting',
  '1.F.n': 'equipment maintenance and repair',
  '1.F.o': 'building-cleaning services',
  '1.F.p': 'photographic services',
  '1.F.q': 'packaging services',
  '1.F.r': 'printing and publishing',
  '1.F.s': 'convention services',
  '1.F.t': 'business support services',
  '2': 'communication services',
  '2.A': 'postal services',
  '2.B': 'courier services',
  '2.C': 'telecommunication services',
  '2.C.a': 'voice telephony',
  '2.C.b': 'packet-switched data services',
  '2.C.c': 'circuit-switched data services',
  '2.C.d': 'telex services',
  '2.C.e': 'telegraph services',
  '2.C.f': 'facsimile services',
  '2.C.g': 'leased-line services',
  '2.C.h': 'e-mail services',
  '2.C.i': 'voice mail services',
  '2.C.j': 'online information services',
  '2.C.k': 'electronic data interchange',
  '2.C.l': 'value-added fax services',
  '2.C.m': 'protocol conversion services',
  '2.C.n': 'online transaction processing',
  '2.C.o': 'telecommunication services',
  '2.D': 'audiovisual services',
  '2.D.a': 'film production and distribution',
  '2.D.b': 'cinema services',
  '2.D.c': 'radio and television services',
  '2.D.d': 'broadcast transmission services',
  '2.D.e': 'sound recording',
  '2.D.f': 'audiovisual services',
  '2.E': 'communication services',
  '3': 'construction services',
  '3.A': 'building construction',
  '3.B': 'civil engineering works',
  '3.C': 'installation and assembly work',
  '3.D': 'building finishing work',
  '3.E': 'construction services',
  '4': 'distribution services',
  '4.A': "commission agents' services",
  '4.B': 'wholesale trade',
  '4.C': 'retail trade',
  '4.D': 'franchising',
  '4.E': 'distribution services',
  '5': 'education services',
  '5.A': 'primary education',
  '5.B': 'secondary education',
  '5.C': 'higher education',
  '5.D': 'adult education',
  '5.E': 'education services',
  '6': 'environmental services',
  '6.A': 'sewage services',
  '6.B': 'refuse disposal services',
  '6.C': 'sanitation services',
  '6.D': 'environmental services',
  '7': 'financial services',
  '7.A': 'insurance',
  '7.A.a': 'life and health insurance',
  '7.A.b': 'non-life insurance',
  '7.A.c': 'reinsurance',
  '7.A.d': 'insurance broking',
  '7.B': 'banking services',
  '7.B.a': 'deposit taking',
  '7.B.b': 'lending services',
  '7.B.c': 'financial leasing',
  '7.B.d': 'payment and money transfer services',
  '7.B.e': 'guarantee services',
  '7.B.f': 'securities trading',
  '7.B.g': 'securities underwriting',
  '7.B.h': 'money broking',
  '7.B.i': 'asset management',
  '7.B.j': 'clearing and settlement services',
  '7.B.k': 'financial advisory services',
  '7.B.l': 'financial data services',
  '7.C': 'financial services',
  '8': 'health services',
  '8.A': 'hospital services',
  '8.B': 'health services',
  '8.C': 'social services',
  '8.D': 'health services',
  '9': 'tourism services',
  '9.A': 'hotels and restaurants',
  '9.B': 'tour operator services',
  '9.C': 'tourist guide services',
  '9.D': 'tourism services',
  '10': 'recreational services',
  '10.A': 'entertainment services',
  '10.B': 'news agency services',
  '10.C': 'cultural services',
  '10.D': 'sporting services',
  '10.E': 'recreational services',
  '11': 'transport services',
  '11.A': 'maritime transport',
  '11.A.a': 'maritime passenger transport',
  '11.A.b': 'maritime freight transport',
  '11.A.c': 'vessel chartering',
  '11.A.d': 'ship repair services',
  '11.A.e': 'maritime towing',
  '11.A.f': 'shipping agency services',
  '11.B': 'inland waterway transport',
  '11.B.a': 'lake passenger transport',
  '11.B.b': 'lake freight transport',
  '11.B.c': 'lake vessel chartering',
  '11.B.d': 'lake vessel repair',
  '11.B.e': 'lake towing services',
  '11.B.f': 'inland port services',
  '11.C': 'air transport',
  '11.C.a': 'air passenger transport',
  '11.C.b': 'air cargo services',
  '11.C.c': 'aircraft charter',
  '11.C.d': 'aircraft maintenance',
  '11.C.e': 'ground handling services',
  '11.D': 'space transport',
  '11.E': 'rail transport',
  '11.E.a': 'rail passenger transport',
  '11.E.b': 'rail freight transport',
  '11.E.c': 'rail shunting services',
  '11.E.d': 'rolling stock maintenance',
  '11.E.e': 'rail support services',
  '11.F': 'road transport',
  '11.F.a': 'road passenger transport',
  '11.F.b': 'road haulage',
  '11.F.c': 'truck hire with driver',
  '11.F.d': 'vehicle repair services',
  '11.F.e': 'road transport support services',
  '11.G': 'pipeline transport',
  '11.G.a': 'fuel pipeline transport',
  '11.G.b': 'pipeline transport',
  '11.H': 'transport auxiliary services',
  '11.H.a': 'cargo handling',
  '11.H.b': 'warehousing',
  '11.H.c': 'freight forwarding',
  '11.H.d': 'customs clearing services',
  '11.I': 'transport services',
  '12': 'other services',
};

/** A label for titles: the curated one, or the W/120 name with a lower-case first letter. */
export function sectorLabel(code: string, nameEn: string): string {
  const label = labels[code];
  if (label) return label;
  const second = nameEn.charAt(1);
  return second && second === second.toUpperCase()
    ? nameEn
    : nameEn.charAt(0).toLowerCase() + nameEn.slice(1);
}

const familyRules: readonly (readonly [string, LawKey])[] = [
  ['1.A.a', 'legal'],
  ['1.A.b', 'accounting'],
  ['1.A.c', 'tax'],
  ['1.A.d', 'architecture'],
  ['1.A.g', 'architecture'],
  ['1.A.e', 'engineering'],
  ['1.A.f', 'engineering'],
  ['1.A.h', 'medical'],
  ['1.A.i', 'veterinary'],
  ['1.A.j', 'nursing'],
  ['1.B', 'ict'],
  ['1.D', 'realestate'],
  ['1.F.h', 'mining'],
  ['1.F.k', 'labour'],
  ['1.F.l', 'security'],
  ['1.F.m', 'engineering'],
  ['1', 'business'],
  ['2.A', 'telecom'],
  ['2.B', 'telecom'],
  ['2.D', 'broadcasting'],
  ['2', 'telecom'],
  ['3', 'construction'],
  ['4', 'distribution'],
  ['5', 'education'],
  ['6', 'environment'],
  ['7.A', 'insurance'],
  ['7.B.d', 'payments'],
  ['7.B.f', 'securities'],
  ['7.B.g', 'securities'],
  ['7.B.i', 'securities'],
  ['7.B.j', 'securities'],
  ['7.B.k', 'securities'],
  ['7', 'banking'],
  ['8', 'health'],
  ['9', 'tourism'],
  ['10.B', 'broadcasting'],
  ['10', 'recreation'],
  ['11.A', 'maritime'],
  ['11.B', 'inland_water'],
  ['11.C', 'air'],
  ['11.D', 'air'],
  ['11.E', 'rail'],
  ['11.F', 'road'],
  ['11.G', 'pipeline'],
  ['11.H', 'freight'],
  ['11', 'road'],
];

/** The law family of a W/120 code: the first rule whose code is the code itself or one of its ancestors. */
export function sectorFamily(code: string): LawKey {
  for (const [prefix, family] of familyRules) {
    if (code === prefix || code.startsWith(prefix + '.')) return family;
  }
  return 'investment';
}

/** What the people who supply a service are called, for sentences about professionals. */
export const practitionerNames: Partial<Record<LawKey, string>> = {
  legal: 'advocates',
  accounting: 'accountants',
  tax: 'tax agents',
  architecture: 'architects',
  engineering: 'engineers',
  medical: 'medical practitioners',
  nursing: 'nurses and midwives',
  veterinary: 'veterinary surgeons',
  realestate: 'estate agents',
  ict: 'IT professionals',
  security: 'security managers',
  telecom: 'telecommunications engineers',
  broadcasting: 'journalists and producers',
  construction: 'contractors',
  education: 'lecturers and teachers',
  insurance: 'insurance professionals',
  banking: 'bank officers',
  securities: 'investment advisers',
  payments: 'payment service managers',
  health: 'health professionals',
  tourism: 'tour guides and hotel managers',
  maritime: 'ship officers and agents',
  air: 'pilots and aircraft engineers',
  road: 'drivers and transport managers',
  rail: 'railway engineers',
  freight: 'clearing agents',
  mining: 'mining engineers',
};
