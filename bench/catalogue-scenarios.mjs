// Request mixes of the catalogue bench: each autocannon request gets a different URL, drawn from the
// values the running server lists, so caches and plans see a realistic spread rather than one URL.

const words = [
  'licence',
  'bank',
  'lawyer',
  'foreign',
  'insurance',
  'transport',
  'permit',
  'nationals',
  'banque',
  'étrangers',
  'telecommunications',
  'engineer',
];
const countries = ['BI', 'CD', 'KE', 'RW', 'SO', 'SS', 'TZ', 'UG'];
const types = [
  'licensing',
  'foreign_equity_limit',
  'nationality_requirement',
  'residency_requirement',
  'local_presence',
  'work_permit',
];
const modes = ['mode_1', 'mode_2', 'mode_3', 'mode_4'];
const sorts = ['', 'title', '-updated', 'country', '-indicator', '-year_introduced'];

/** A small deterministic random source (the same run gives the same URL sequence). */
export function randomSource(seed = 7) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rng, list) => list[Math.floor(rng() * list.length)];

/** A browse URL with 1-3 filters, a search in about half of them, a sort and a page among the first ten. */
export function browsePath(rng, sectorSlugs) {
  const query = new URLSearchParams();
  const filters = [
    () => query.set('country', pick(rng, countries)),
    () => query.set('country', `${pick(rng, countries)},${pick(rng, countries)}`),
    () => query.set('sector', pick(rng, sectorSlugs)),
    () => query.set('restriction_type', pick(rng, types)),
    () => query.set('mode_of_supply', pick(rng, modes)),
    () => query.set('market_access', pick(rng, ['yes', 'no'])),
    () => query.set('year_from', String(1990 + Math.floor(rng() * 30))),
  ];
  const count = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < count; i++) pick(rng, filters)();
  if (rng() < 0.5) query.set('q', pick(rng, words));
  const sort = pick(rng, sorts);
  if (sort) query.set('sort', sort);
  query.set('page', String(1 + Math.floor(rng() * 10)));
  return `/api/restrictions/?${query}`;
}

/** The pgbench lists: the same vocabulary as the HTTP mix. */
export const pgbenchLists = { words, countries };
