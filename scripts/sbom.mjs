#!/usr/bin/env node
// A CycloneDX SBOM (JSON) of the production dependencies of what is deployed: packages/shared,
// apps/server and apps/web, without devDependencies and without the e2e workspace. CI keeps it as an
// artifact (artifacts/sbom.cdx.json) since the registry here has no audit endpoint (docs/operations.md,
// "Software bill of materials"). Usage: npm run sbom [-- --output FILE]
//
// Why @cyclonedx/cyclonedx-npm and not `npm sbom`: npm's own refuses the whole tree over one unmet
// optional peer (@hookform/resolvers names ajv ^8, the hoisted ajv is 6 and nothing loads it).
import { spawn } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { output: { type: 'string', default: 'artifacts/sbom.cdx.json' } } });
const output = path.resolve(root, values.output);
const deployed = ['packages/shared', 'apps/server', 'apps/web'];

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}:\n${errors}`)),
    );
  });
}

/** Every component's `group/name`, nested ones included. */
function componentNames(components, names = new Set()) {
  for (const component of components ?? []) {
    names.add(component.group ? `${component.group}/${component.name}` : component.name);
    componentNames(component.components, names);
  }
  return names;
}

await mkdir(path.dirname(output), { recursive: true });
await run(path.join(root, 'node_modules/.bin/cyclonedx-npm'), [
  '--omit',
  'dev',
  ...deployed.flatMap((workspace) => ['--workspace', workspace]),
  // npm ls reports the unmet optional peer above as an error; the tree it prints is complete.
  '--ignore-npm-errors',
  '--output-format',
  'JSON',
  '--output-file',
  output,
]);

// The file must be a CycloneDX document naming the deployed packages and what they run on, not the tools.
const bom = JSON.parse(await readFile(output, 'utf8'));
const names = componentNames(bom.components);
const problems = [];
if (bom.bomFormat !== 'CycloneDX') problems.push(`bomFormat is ${bom.bomFormat}`);
if (!/^1\.\d+$/.test(String(bom.specVersion))) problems.push(`specVersion is ${bom.specVersion}`);
for (const expected of ['@stp/server', '@stp/web', 'fastify', 'react', 'pg-boss', 'drizzle-orm'])
  if (!names.has(expected)) problems.push(`${expected} is missing`);
for (const tool of ['vitest', 'eslint', 'vite', 'drizzle-kit', 'playwright-core'])
  if (names.has(tool)) problems.push(`${tool} (a development tool) is listed`);
if (problems.length > 0) {
  console.error(`The SBOM ${path.relative(root, output)} is not right:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `CycloneDX ${bom.specVersion} SBOM of the production dependencies: ${path.relative(root, output)}, ${names.size} components.`,
);
