// The load scenarios of `bench/load.mjs`, one entry each:
//   name     what `--scenarios a,b` picks
//   setup    (bench) => state, once before the load (sign in, list slugs ...)
//   request  (state, rng) => {method, path, headers, body}: a fresh request per autocannon request
//   pgbench  the SQL pgbench runs beside it (PostgreSQL only): by default the statements the server
//            ran for one request of the scenario, captured (sql-capture.mjs); `substitute(value)` swaps
//            a captured value for the SQL that computes it afresh; `script(state)` writes the script
//            instead (browse: random filters the way the HTTP mix draws them).
import { pgbenchScript as browseScript } from './catalogue-pgbench.mjs';
import { browsePath } from './catalogue-scenarios.mjs';

const partnerStates = ['BI', 'CD', 'KE', 'RW', 'SO', 'SS', 'TZ', 'UG'];
const complaintTypes = ['licensing', 'work_permit', 'nationality_requirement', 'residency_requirement'];
const pick = (rng, list) => list[Math.floor(rng() * list.length)];

/** A signed-in client account's headers (cookie, CSRF, the app's XHR marker), for JSON calls. */
const signedIn = async (bench) => ({ headers: await bench.clientHeaders() });

// The server numbers complaints under an advisory lock from the greatest reference: so does pgbench.
const nextReferenceSql = `(select 'CMP-' || extract(year from now())::int || '-' || lpad((coalesce(max(substring(reference from '([0-9]+)$')::int), 0) + 1)::text, 6, '0') from complaints)`;

export const scenarios = [
  {
    name: 'constants',
    title: 'constants (anonymous)',
    request: () => ({ path: '/api/cache/constants/' }),
  },
  {
    name: 'token',
    title: 'token (signed-in client, cookie)',
    setup: signedIn,
    request: ({ headers }) => ({ path: '/api/cache/token/', headers }),
  },
  {
    name: 'browse',
    title: 'browse (filters + search + page)',
    setup: async (bench) => {
      const tree = await bench.json('/api/sectors/tree/');
      return {
        sectorSlugs: tree.sectors.flatMap((node) => [node.slug, ...node.children.map((child) => child.slug)]),
      };
    },
    request: ({ sectorSlugs }, rng) => ({ path: browsePath(rng, sectorSlugs) }),
    pgbench: { script: () => browseScript() },
  },
  {
    name: 'view',
    title: 'restriction view',
    setup: async (bench) => {
      const slugs = [];
      for (let page = 1; page <= 20; page++) {
        const list = await bench.json(`/api/restrictions/?page_size=100&page=${page}&sort=-updated`);
        slugs.push(...list.results.map((row) => row.slug));
        if (list.results.length < 100) break;
      }
      if (slugs.length === 0) throw new Error('view: no restrictions (run with --restrictions N)');
      return { slugs };
    },
    request: ({ slugs }, rng) => ({ path: `/api/restrictions/${pick(rng, slugs)}/` }),
  },
  // The HTML of the same screens as a visitor's browser asks for it, rendered by the server with its
  // data (docs/decisions.md, "Server rendering"); the same URL mixes as the API scenarios above.
  {
    name: 'browse-page',
    title: 'browse page (HTML, filters + search + page)',
    setup: async (bench) => {
      const tree = await bench.json('/api/sectors/tree/');
      return {
        sectorSlugs: tree.sectors.flatMap((node) => [node.slug, ...node.children.map((child) => child.slug)]),
      };
    },
    request: ({ sectorSlugs }, rng) => ({
      path: browsePath(rng, sectorSlugs).replace('/api/restrictions/', '/public/browse'),
    }),
  },
  {
    name: 'view-page',
    title: 'restriction view page (HTML)',
    setup: async (bench) => {
      const list = await bench.json('/api/restrictions/?page_size=100&page=1&sort=-updated');
      const slugs = list.results.map((row) => row.slug);
      if (slugs.length === 0) throw new Error('view-page: no restrictions (run with --restrictions N)');
      return { slugs };
    },
    request: ({ slugs }, rng) => ({ path: `/public/restriction/${pick(rng, slugs)}` }),
  },
  {
    name: 'home-page',
    title: 'home page (HTML)',
    request: () => ({ path: '/' }),
  },
  {
    name: 'indicator',
    title: 'indicator',
    setup: async (bench) => {
      const list = await bench.json('/api/indicators/');
      const slug = list.results?.[0]?.slug;
      if (!slug) throw new Error('indicator: the server lists no indicator');
      return { path: `/api/indicators/${slug}/` };
    },
    request: ({ path }) => ({ path }),
  },
  {
    name: 'complaint',
    title: 'complaint submission (signed-in client)',
    setup: signedIn,
    request: ({ headers }, rng) => {
      const country = pick(rng, partnerStates);
      return {
        method: 'POST',
        path: '/api/complaints/',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          restriction_type: pick(rng, complaintTypes),
          country_code: country,
          date_of_occurrence: '2026-01-15',
          brief_description: `Licence refused to an EAC national (${country})`,
          details_of_occurrence:
            'The licensing office refused my application because I am not a national of the partner state.',
        }),
      };
    },
    pgbench: {
      substitute: (value) => (/^CMP-\d{4}-\d{6}$/.test(value ?? '') ? nextReferenceSql : undefined),
    },
  },
];

/** The scenarios named in `--scenarios a,b` (all when empty), or an error naming the unknown ones. */
export function selectScenarios(list) {
  if (!list) return scenarios;
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length > 0)
    throw new Error(
      `Unknown scenario ${unknown.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}`,
    );
  return scenarios.filter((s) => names.includes(s.name));
}
