// Issue 35, item 3: the server listens within 2 s of its spawn. Most of a start was loading modules it
// needs for no request yet (docs/performance.md, "What the start loads"). This walks the static imports
// of what a serving process loads at its start, `main.ts` and `app.ts` (main.ts imports it beside the
// migrations), as Node loads them (not `import type`, not a dynamic `import()`, which runs at first use)
// and fails when one of those modules is reached again.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot, serverRoot } from './paths.js';

const sourceDir = path.join(serverRoot, 'src');
const sharedEntry = path.join(repoRoot, 'packages/shared/src/index.ts');

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The source file a relative specifier of `from` loads (`./x.js` is `./x.ts` in the sources). */
function resolveLocal(from: string, specifier: string): string {
  const target = path.resolve(path.dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), target];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${path.relative(repoRoot, from)}: cannot resolve ${specifier}`);
  return found;
}

/** The specifiers a module loads when it is evaluated: its imports and re-exports that are not type-only. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      // With verbatimModuleSyntax `import { type A }` is still emitted (as `import {}`): only `import type` goes.
      if (statement.importClause?.isTypeOnly) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Every module and package the entries load, each with the chain of imports that reaches it. */
function startGraph(entries: string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>(entries.map((entry) => [entry, [entry]]));
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const chain = reached.get(file) ?? [];
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('node:')) continue;
      let target: string;
      if (specifier.startsWith('.')) target = resolveLocal(file, specifier);
      else if (specifier === '@stp/shared') target = sharedEntry;
      else {
        const name = packageOf(specifier);
        if (!reached.has(name)) reached.set(name, [...chain, name]);
        continue;
      }
      if (reached.has(target)) continue;
      reached.set(target, [...chain, target]);
      queue.push(target);
    }
  }
  return reached;
}

/**
 * Loaded at their first use, never by the start: object storage (STORAGE_DRIVER=s3), spreadsheets
 * (export, import), the password hash and strength (sign-in, a new password), mail (the first message),
 * upload checks (the first file), PGlite (only for the embedded database), the demo data and pdf-lib
 * (an empty database), and the commands other than `start`.
 */
const notAtStart = [
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'exceljs',
  '@node-rs/argon2',
  '@zxcvbn-ts/core',
  'nodemailer',
  'file-type',
  '@electric-sql/pglite',
  'pdf-lib',
  'db/seed/demo/index.ts',
  'db/seed/demo/restriction-generator.ts',
  'modules/accounts/create-user.ts',
  'storage/migrate-files.ts',
];

describe('the start (issue 35, item 3)', () => {
  it('loads none of the modules a request loads at its first use', () => {
    const graph = startGraph([path.join(sourceDir, 'main.ts'), path.join(sourceDir, 'app.ts')]);
    const name = (module: string) => (path.isAbsolute(module) ? path.relative(sourceDir, module) : module);
    // Each one found, with the chain of imports that reaches it.
    const found = notAtStart
      .filter((module) => graph.has(module) || graph.has(path.join(sourceDir, module)))
      .map((module) =>
        (graph.get(module) ?? graph.get(path.join(sourceDir, module)) ?? []).map(name).join(' → '),
      );
    expect(found).toEqual([]);
    // The walk itself reaches what the start does need (a walk that found nothing would pass too).
    expect(graph.has('fastify')).toBe(true);
    expect(graph.has(path.join(sourceDir, 'modules/restrictions/restrictions.routes.ts'))).toBe(true);
  });
});
