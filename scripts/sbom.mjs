#!/usr/bin/env node
// A CycloneDX 1.5 SBOM (JSON) of the production dependencies of what is deployed: packages/shared,
// apps/server and apps/web, without devDependencies and without the e2e workspace. CI keeps it as an
// artifact (artifacts/sbom.cdx.json) since the registry here has no audit endpoint (docs/operations.md,
// "Software bill of materials"). Usage: npm run sbom [-- --output FILE]
//
// The document is built from package-lock.json, which pins every version, its integrity hash and its
// licence: the dependency graph is walked from the deployed workspaces as Node resolves it (a nested
// node_modules first, then each parent's). Not `npm sbom`: it refuses the whole tree over one unmet
// optional peer (@hookform/resolvers names ajv ^8; nothing loads it). Not @cyclonedx/cyclonedx-npm: its
// optional XML validator (libxmljs2) compiled natively on every `npm ci` and `npm install`, 3.5 minutes
// on this machine, for a JSON file.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { output: { type: 'string', default: 'artifacts/sbom.cdx.json' } } });
const output = path.resolve(root, values.output);
const deployed = ['packages/shared', 'apps/server', 'apps/web'];

const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8'));
const packages = lock.packages;

/** The C library of this machine, as npm's `libc` field names it. */
const libc = process.report.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';

/** Whether a package with these `os` / `cpu` / `libc` constraints is installed on this machine. */
function fitsPlatform(entry) {
  const fits = (list, value) =>
    !list ||
    (list.some((item) => !item.startsWith('!')) ? list.includes(value) : !list.includes(`!${value}`));
  return fits(entry.os, process.platform) && fits(entry.cpu, process.arch) && fits(entry.libc, libc);
}

/** The lock key `name` resolves to from the package at `from`, as Node's module resolution finds it. */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return undefined;
    const nested = base.lastIndexOf('/node_modules/');
    base = nested >= 0 ? base.slice(0, nested) : '';
  }
}

/** The package name of a lock key ("node_modules/a/node_modules/@s/b" → "@s/b"). */
const nameOf = (key) =>
  packages[key].name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** A workspace link's target ("node_modules/@stp/shared" → "packages/shared"). */
const followLink = (key) => (packages[key].link ? packages[key].resolved : key);

const purl = (name, version) => `pkg:npm/${name.replace(/^@/, '%40')}@${version}`;

// Walk the production graph: dependencies, optional dependencies that are installed here, and peers
// that are not marked optional.
const reached = new Map(); // lock key -> set of lock keys it depends on
const queue = [...deployed];
while (queue.length > 0) {
  const key = queue.shift();
  if (reached.has(key)) continue;
  const entry = packages[key];
  const edges = new Set();
  reached.set(key, edges);
  const optionalPeers = new Set(
    Object.entries(entry.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([name]) => name),
  );
  const wanted = [
    ...Object.keys(entry.dependencies ?? {}).map((name) => [name, false]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => [name, true]),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => !optionalPeers.has(name))
      .map((name) => [name, true]),
  ];
  for (const [name, mayBeAbsent] of wanted) {
    const found = resolve(key, name);
    if (!found) {
      if (mayBeAbsent) continue;
      throw new Error(`${nameOf(key)} needs ${name}, which package-lock.json does not hold`);
    }
    const target = followLink(found);
    if (!fitsPlatform(packages[target])) continue;
    edges.add(target);
    queue.push(target);
  }
}

const refOf = (key) => {
  const entry = packages[key];
  return purl(nameOf(key), entry.version);
};

const components = new Map(); // bom-ref -> component (one per name and version)
for (const key of reached.keys()) {
  const entry = packages[key];
  const name = nameOf(key);
  const ref = refOf(key);
  if (components.has(ref)) continue;
  const slash = name.startsWith('@') ? name.indexOf('/') : -1;
  const component = {
    type: 'library',
    'bom-ref': ref,
    ...(slash > 0 ? { group: name.slice(0, slash), name: name.slice(slash + 1) } : { name }),
    version: entry.version,
    purl: ref,
  };
  if (entry.license) component.licenses = [{ expression: entry.license }];
  const [algorithm, digest] = (entry.integrity ?? '').split('-');
  if (algorithm === 'sha512' && digest)
    component.hashes = [{ alg: 'SHA-512', content: Buffer.from(digest, 'base64').toString('hex') }];
  if (entry.resolved?.startsWith('http'))
    component.externalReferences = [{ type: 'distribution', url: entry.resolved }];
  components.set(ref, component);
}

const dependencies = new Map();
for (const [key, edges] of reached) {
  const ref = refOf(key);
  const dependsOn = dependencies.get(ref) ?? new Set();
  for (const edge of edges) dependsOn.add(refOf(edge));
  dependencies.set(ref, dependsOn);
}

const rootPackage = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const bom = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  serialNumber: `urn:uuid:${crypto.randomUUID()}`,
  version: 1,
  metadata: {
    timestamp: new Date().toISOString(),
    tools: { components: [{ type: 'application', name: 'scripts/sbom.mjs' }] },
    component: {
      type: 'application',
      'bom-ref': `pkg:npm/${rootPackage.name}@${rootPackage.version}`,
      name: rootPackage.name,
      version: rootPackage.version,
    },
  },
  components: [...components.values()].sort((a, b) => a['bom-ref'].localeCompare(b['bom-ref'])),
  dependencies: [
    {
      ref: `pkg:npm/${rootPackage.name}@${rootPackage.version}`,
      dependsOn: deployed.map(refOf),
    },
    ...[...dependencies].map(([ref, dependsOn]) => ({ ref, dependsOn: [...dependsOn].sort() })),
  ],
};

await mkdir(path.dirname(output), { recursive: true });
await writeFile(output, `${JSON.stringify(bom, null, 2)}\n`);

// The file must name the deployed packages and what they run on, not the tools.
const names = new Set(bom.components.map((c) => (c.group ? `${c.group}/${c.name}` : c.name)));
const problems = [];
for (const expected of ['@stp/server', '@stp/web', 'fastify', 'react', 'pg-boss', 'drizzle-orm'])
  if (!names.has(expected)) problems.push(`${expected} is missing`);
for (const tool of ['vitest', 'eslint', 'vite', 'drizzle-kit', 'playwright-core'])
  if (names.has(tool)) problems.push(`${tool} (a development tool) is listed`);
const unlicensed = bom.components.filter((c) => !c.licenses && !c.purl.startsWith('pkg:npm/%40stp/'));
if (problems.length > 0) {
  console.error(`The SBOM ${path.relative(root, output)} is not right:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `CycloneDX ${bom.specVersion} SBOM of the production dependencies: ${path.relative(root, output)}, ${names.size} components` +
    (unlicensed.length
      ? ` (${unlicensed.length} without a licence in the lock: ${unlicensed.map((c) => c.purl).join(', ')})`
      : '') +
    '.',
);
