import type { TPermissionModel } from '@stp/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { permissions } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';

const actionOrder = ['view', 'add', 'change', 'delete'];

/** Every permission grouped by app and model, in the order of the picker (view, add, change, delete, others). */
export async function permissionModels(db: Executor): Promise<TPermissionModel[]> {
  const rows = await db
    .select()
    .from(permissions)
    .orderBy(asc(permissions.appLabel), asc(permissions.model), asc(permissions.codename));
  const models = new Map<string, TPermissionModel>();
  for (const row of rows) {
    const key = `${row.appLabel}.${row.model}`;
    let model = models.get(key);
    if (!model) {
      model = { app: row.appLabel, model: row.model, permissions: [] };
      models.set(key, model);
    }
    model.permissions.push({ codename: row.codename, action: row.action, name: row.name });
  }
  const rank = (action: string) => {
    const index = actionOrder.indexOf(action);
    return index === -1 ? actionOrder.length : index;
  };
  for (const model of models.values())
    model.permissions.sort((a, b) => rank(a.action) - rank(b.action) || a.codename.localeCompare(b.codename));
  return [...models.values()];
}

/** The ids of these codenames; an unknown one is a 422 on `field`. */
export async function permissionIds(db: Executor, codenames: string[], field: string): Promise<number[]> {
  const wanted = [...new Set(codenames)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: permissions.id, codename: permissions.codename })
    .from(permissions)
    .where(inArray(permissions.codename, wanted));
  if (rows.length !== wanted.length) throw validationFailed({ [field]: 'Select a valid permission.' });
  return rows.map((row) => row.id);
}
