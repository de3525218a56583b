import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocument } from './openapi-document.js';

// Writes the OpenAPI document to the file named on the command line (scripts/openapi-lint.mjs).
const target = process.argv[2];
if (!target) throw new Error('Usage: write-openapi.ts <file.json>');
await mkdir(path.dirname(path.resolve(target)), { recursive: true });
await writeFile(target, `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);
