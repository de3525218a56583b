import { z } from 'zod';
import { ZListQuerySchema, maxRecordId } from './fields.js';

/**
 * The staff administration contract every admin resource follows (issue 6 item 1):
 *
 * | method | path                                  | permission          |
 * |--------|---------------------------------------|---------------------|
 * | GET    | /api/admin/{resource}/                | `app.view_model`    |
 * | GET    | /api/admin/{resource}/{id}/           | `app.view_model`    |
 * | POST   | /api/admin/{resource}/                | `app.add_model`     |
 * | PUT    | /api/admin/{resource}/{id}/           | `app.change_model`  |
 * | POST   | /api/admin/{resource}/{id}/archive/   | `app.change_model`  |
 * | POST   | /api/admin/{resource}/{id}/unarchive/ | `app.change_model`  |
 * | DELETE | /api/admin/{resource}/{id}/           | `app.delete_model`  |
 *
 * DELETE is the purge of spec 4: the record is gone, separate from archive. Its audit row (written in
 * the purge's transaction) is the record of the deletion: the list with `state=deleted` answers the
 * purged records of the resource from it, with spec 3's Deleted On and who deleted them (read-only).
 */
export const adminApiRoot = '/admin';

/** The API path of an admin resource, or of one of its records, or of an action on a record. */
export function adminApiPath(resource: string, id?: number | string, action?: string): string {
  const parts = [adminApiRoot, resource, id === undefined ? undefined : String(id), action];
  return `${parts.filter((part) => part !== undefined && part !== '').join('/')}/`;
}

/**
 * Which records a list shows: by their archive flag (active, archived, all), or the purged ones
 * (deleted), which the list answers as `TAdminDeletedRecord`s.
 */
export const adminRecordStates = ['active', 'archived', 'all', 'deleted'] as const;
export type TAdminRecordState = (typeof adminRecordStates)[number];

/** The sorts of the Deleted list (`state=deleted`); newest purge first unless told. */
export const adminDeletedSorts = ['deleted_on', 'deleted_by'] as const;
export const adminDeletedDefaultSort = '-deleted_on';

/** The list query of every admin resource: pages, sort, search, and the record state. */
export const ZAdminListQuerySchema = ZListQuerySchema.extend({
  state: z.enum(adminRecordStates, { error: 'Select a valid choice.' }).default('active'),
});
export type TAdminListQuery = z.infer<typeof ZAdminListQuerySchema>;

/** The path parameter of one admin record. */
export const ZAdminIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Not found.' }).int().positive().max(maxRecordId, 'Not found.'),
});

/** The record flags of spec 3 as every archivable admin record answers them. */
export interface TAdminRecordFlags {
  archived: boolean;
  archived_at: string | null;
}

/**
 * A purged record as the Deleted list answers it (spec 3's flag Deleted On): read from the purge's
 * audit row, so the record itself is gone and cannot be restored.
 */
export interface TAdminDeletedRecord<Item = Record<string, unknown>> {
  /** The purged record's id. */
  id: number;
  /** A short name from the record as it was (its name, title, reference ...); '' when it had none. */
  label: string;
  /** When it was purged (ISO 8601). */
  deleted_on: string;
  /** Who purged it. */
  deleted_by: { id: number; email: string; name: string } | null;
  /** The record as the admin screens read it just before the purge (null if the log did not keep it). */
  record: Item | null;
}

/** What DELETE answers: the purge happened. */
export interface TAdminPurgeResult {
  purged: true;
  id: number;
}

/** A select option with the record's names in both languages (sectors, policies, groups ...). */
export interface TAdminOption {
  id: number;
  name: { en: string; fr: string };
}

/** The texts of the admin contract's refusals; the web app translates them. */
export const adminTexts = {
  inUse: 'This record is in use by other records and cannot be purged. Archive it instead.',
  duplicate: 'A record with this value already exists.',
  stale: 'This record was changed by someone else since you opened it. Reload it to see their changes.',
} as const;
