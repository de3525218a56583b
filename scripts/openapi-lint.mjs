#!/usr/bin/env node
// `npm run openapi:lint` (docs/api.md, "The OpenAPI document"): builds the server's OpenAPI document
// from the source (a throwaway embedded database, no port), lints it with redocly's recommended rules
// (redocly.yaml), generates TypeScript types from it with openapi-typescript and typechecks a small
// client against them (scripts/openapi-client/). Exits non-zero when any step fails; lint warnings
// are printed and do not fail. The document and the types are left in var/openapi/.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'var/openapi');
const document = path.join(out, 'openapi.json');
const types = path.join(out, 'api.d.ts');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function run(title, command, args) {
  console.log(`\n> ${title}`);
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`${title}: failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(1);
  }
}

run('build the document', process.execPath, [
  '--import',
  'tsx',
  '--conditions=source',
  'apps/server/src/modules/docs/write-openapi.ts',
  document,
]);
run('redocly lint', bin('redocly'), ['lint', document, '--config', 'redocly.yaml', '--format', 'summary']);
run('generate the client types', bin('openapi-typescript'), [
  document,
  '--output',
  types,
  '--redocly',
  'redocly.yaml',
]);
run('typecheck the client', bin('tsc'), ['-p', 'scripts/openapi-client/tsconfig.json']);
console.log('\nThe OpenAPI document lints with no error and the client typechecks against it.');
