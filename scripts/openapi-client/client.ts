// A small typed client over the types openapi-typescript generates from the OpenAPI document
// (var/openapi/api.d.ts, made by `npm run openapi:lint`): it typechecks only if the document describes
// these calls as the web app makes them. The @ts-expect-error lines fail the check if the types go loose.
import type { components, operations, paths } from '../../var/openapi/api.js';

type JsonAnswer<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;
type JsonBody<Operation> = Operation extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** A GET of a documented JSON route, its answer typed from the document. */
export async function getJson<Path extends keyof paths>(
  baseUrl: string,
  path: Path,
  token?: string,
): Promise<JsonAnswer<paths[Path]['get']>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(new URL(path, baseUrl), { headers });
  if (!response.ok) throw new Error(((await response.json()) as components['schemas']['Error']).detail);
  return (await response.json()) as JsonAnswer<paths[Path]['get']>;
}

/** The English names of a sector and all its descendants (the tree is a recursive component). */
export function sectorNames(node: components['schemas']['SectorTreeNode']): string[] {
  return [node.name.en, ...node.children.flatMap(sectorNames)];
}

/** Every sector name of the tree at `baseUrl`. */
export async function allSectorNames(baseUrl: string): Promise<string[]> {
  const tree = await getJson(baseUrl, '/api/sectors/tree/');
  const total: number = tree.total;
  return total === 0 ? [] : tree.sectors.flatMap(sectorNames);
}

export const login: JsonBody<operations['postAuthLogin']> = { email: 'someone@example.org', password: 'x' };

type ExportQuery = NonNullable<operations['getRestrictionsExport']['parameters']['query']>;
export const excelInFrench: ExportQuery = { format: 'xlsx', lang: 'fr', country: ['KE', 'UG'] };
type ExportFile = operations['getRestrictionsExport']['responses'][200]['content'];
export const exportTypes: (keyof ExportFile)[] = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

// @ts-expect-error the export has no PDF format
export const pdf: ExportQuery = { format: 'pdf' };
// @ts-expect-error a login needs the password
export const noPassword: JsonBody<operations['postAuthLogin']> = { email: 'someone@example.org' };
// @ts-expect-error no such path in the document
export const missing = () => getJson('http://portal.test', '/api/no-such-route/');
