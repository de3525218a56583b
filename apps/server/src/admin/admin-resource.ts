import {
  adminApiPath,
  adminTexts,
  ZAdminIdParamsSchema,
  ZAdminListQuerySchema,
  type TAdminListQuery,
  type TAdminPurgeResult,
} from '@stp/shared';
import { and, count, eq, getTableColumns, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { access, staffMay, type RouteAccess } from '../auth/access.js';
import type { Database, Executor, Transaction } from '../db/client.js';
import { forbidden, HttpError, notFound } from '../http/errors.js';
import { pageWindow, paginated, sortOrder } from '../http/pagination.js';
import { actorOf, writeAudit, type Actor, type AuditAction } from './audit.js';
import { isForeignKeyViolation, isUniqueViolation, postgresErrorOf } from './db-errors.js';
import { listDeletedRecords } from './deleted-records.js';

type ListSchema = z.ZodType<TAdminListQuery & Record<string, unknown>, unknown>;

/** What a resource's hooks are given while a change runs: its transaction and who makes it. */
export interface ChangeContext<Row> {
  tx: Transaction;
  actor: Actor;
  /** The record before the change; null when creating. */
  before: Row | null;
}

/** A committed change in the audit forms of its record (the presenter's output): what the log holds. */
export interface CommittedChange<Item> {
  action: AuditAction;
  /** The record before the change, presented before the write (null when creating). */
  before: Item | null;
  /** The record after the change (null after a purge). */
  after: Item | null;
}

/**
 * One admin resource (issue 6 item 1), like react-admin's resource modules: the table, how its list is
 * filtered and sorted, the body schema, how a body becomes column values and how a row is answered.
 * `adminResourceRoutes` turns it into the seven routes of the contract in `@stp/shared` schemas/admin.
 * The list with `state=deleted` answers the resource's purged records from their purges' audit rows.
 */
export interface AdminResource<Row extends { id: number }, Input, Item> {
  /** The path segment: `/api/admin/{name}/`. */
  name: string;
  /** Permission codenames are `{app}.{action}_{model}`; the audit log names the model `{app}.{model}`. */
  app: string;
  model: string;
  table: PgTable;
  id: AnyPgColumn;
  /** The `archived` column when the table has the record flags; archive and unarchive exist only then. */
  archived?: AnyPgColumn;
  /** The list's query schema: `ZAdminListQuerySchema` extended with the resource's filters. */
  listQuery?: ListSchema;
  /** Who may read the list and one record; `{app}.view_{model}` unless given (e.g. any signed-in user). */
  viewAccess?: RouteAccess;
  /** The rows this caller may read (list and record); e.g. readers without a permission see less. */
  readScope?: (request: FastifyRequest) => SQL | undefined;
  /** Conditions of the list's filters and search `q` (undefined entries are ignored). */
  where?: (query: TAdminListQuery & Record<string, unknown>) => (SQL | undefined)[];
  /** The columns (or expressions) the list sorts by, by API name. */
  sorts: Record<string, AnyColumn | SQL>;
  defaultSort: string;
  /** The body of create and update. */
  input: z.ZodType<Input, unknown>;
  /** Column values from a valid body; throw `validationFailed` for rules across fields or rows. */
  values: (input: Input, context: ChangeContext<Row>) => Promise<Partial<Row>> | Partial<Row>;
  /** The answer for rows (batched, so names of related records cost one query per page). */
  present: (db: Executor, rows: Row[]) => Promise<Item[]>;
  /** Runs inside the change's transaction after the row is written (child rows, links). */
  afterWrite?: (row: Row, input: Input, context: ChangeContext<Row>) => Promise<void>;
  /**
   * The answer for a unique constraint that refused a create or update: usually a 422 on the field, or
   * a 409 with the clashing record's id. Runs after the failed transaction, on the database.
   */
  onDuplicate?: (db: Database, input: Input, constraint: string | undefined) => Promise<HttpError>;
  /** Runs inside the purge's transaction before the row is deleted (dependent rows without a cascade). */
  beforePurge?: (row: Row, context: ChangeContext<Row>) => Promise<void>;
  /** After any committed change: drop caches that hold this resource (and files a change replaced). */
  afterChange?: (db: Database, change: CommittedChange<Item>) => void | Promise<void>;
  /** After a committed purge: remove what lives outside the database (files). */
  afterPurge?: (row: Row, change: CommittedChange<Item>) => Promise<void>;
  /**
   * Only the list and read routes: the module writes with its own routes at the contract's paths
   * (restrictions: versions, access rules per country and optimistic versions).
   */
  readOnly?: boolean;
}

const codename = (resource: { app: string; model: string }, action: string) =>
  `${resource.app}.${action}_${resource.model}`;

/** Loads one row by id, or answers 404. */
async function loadRow<Row extends { id: number }>(
  db: Executor,
  resource: AdminResource<Row, unknown, unknown>,
  id: number,
  lock = false,
): Promise<Row> {
  const query = db.select().from(resource.table).where(eq(resource.id, id));
  const [row] = (await (lock ? query.for('update') : query)) as Row[];
  if (!row) throw notFound();
  return row;
}

/** The audit form of a row: what the staff screens show, so the log reads like the records. */
async function auditForm<Row extends { id: number }>(
  db: Executor,
  resource: AdminResource<Row, unknown, unknown>,
  row: Row | null,
): Promise<Record<string, unknown> | null> {
  if (!row) return null;
  const [item] = await resource.present(db, [row]);
  return (item ?? null) as Record<string, unknown> | null;
}

/** Turns a constraint failure into the contract's answers (the transaction has rolled back). */
async function explainFailure<Input>(
  app: FastifyInstance,
  resource: AdminResource<{ id: number }, Input, unknown>,
  error: unknown,
  input: Input | null,
): Promise<never> {
  if (isUniqueViolation(error)) {
    if (resource.onDuplicate && input !== null)
      throw await resource.onDuplicate(app.deps.db, input, postgresErrorOf(error)?.constraint);
    throw new HttpError(409, adminTexts.duplicate, { _: adminTexts.duplicate });
  }
  if (isForeignKeyViolation(error)) throw new HttpError(409, adminTexts.inUse, { _: adminTexts.inUse });
  throw error;
}

/** The routes of one admin resource, each gated by its permission codename, every change audited. */
export function adminResourceRoutes<Row extends { id: number }, Input, Item>(
  resource: AdminResource<Row, Input, Item>,
): FastifyPluginAsyncZod {
  const generic = resource as unknown as AdminResource<Row, unknown, unknown>;
  const model = `${resource.app}.${resource.model}`;
  const tags = ['admin'];
  const listPath = adminApiPath(resource.name);
  const itemPath = adminApiPath(resource.name, ':id');
  const hasUpdatedAt = 'updatedAt' in getTableColumns(resource.table);

  return async (app) => {
    const { db } = app.deps;

    /** Runs a change in one transaction with its audit row; constraint failures become 409/422. */
    async function change(
      request: FastifyRequest,
      action: AuditAction,
      input: Input | null,
      write: (context: ChangeContext<Row>) => Promise<Row | null>,
      id?: number,
    ): Promise<Row | null> {
      const actor = actorOf(request);
      let result: { row: Row | null; before: Row | null; change: CommittedChange<Item> };
      try {
        result = await db.transaction(async (tx) => {
          const before = id === undefined ? null : await loadRow(tx, generic, id, true);
          // Presented before the write: a presenter that reads child rows must see the old ones.
          const beforeForm = await auditForm(tx, generic, before);
          const written = await write({ tx, actor, before });
          const afterForm = await auditForm(tx, generic, written);
          await writeAudit(tx, {
            actor,
            action,
            model,
            objectId: written?.id ?? id ?? '',
            before: beforeForm,
            after: afterForm,
          });
          const change = { action, before: beforeForm, after: afterForm } as CommittedChange<Item>;
          return { row: written, before, change };
        });
      } catch (error) {
        return explainFailure(app, generic as never, error, input);
      }
      await resource.afterChange?.(db, result.change);
      if (action === 'delete' && result.before) await resource.afterPurge?.(result.before, result.change);
      return result.row;
    }

    const present = async (row: Row | null) => {
      const [item] = row ? await resource.present(db, [row]) : [];
      if (!item) throw notFound();
      return item;
    };

    app.get(
      listPath,
      {
        config: { access: resource.viewAccess ?? access.permission(codename(resource, 'view')) },
        schema: { querystring: resource.listQuery ?? ZAdminListQuerySchema, tags },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const query = request.query as TAdminListQuery & Record<string, unknown>;
        if (query.state === 'deleted') {
          // The purged records are staff business even where the list is open to every signed-in user.
          if (!staffMay(request.principal, { permissions: [codename(resource, 'view')] })) throw forbidden();
          return listDeletedRecords(db, model, query);
        }
        const conditions = [...(resource.where?.(query) ?? []), resource.readScope?.(request)];
        if (resource.archived && query.state !== 'all')
          conditions.push(eq(resource.archived, query.state === 'archived'));
        const where = and(...conditions.filter((condition): condition is SQL => Boolean(condition)));
        const { limit, offset } = pageWindow(query);
        const order = sortOrder(query.sort, resource.sorts, resource.defaultSort, resource.id);
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(resource.table)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
          db.select({ value: count() }).from(resource.table).where(where),
        ]);
        return paginated(await resource.present(db, rows as Row[]), total?.value ?? 0, query);
      },
    );

    app.get(
      itemPath,
      {
        config: { access: resource.viewAccess ?? access.permission(codename(resource, 'view')) },
        schema: { params: ZAdminIdParamsSchema, tags },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const row = await loadRow(db, generic, request.params.id);
        const scope = resource.readScope?.(request);
        if (scope) {
          const [visible] = await db
            .select({ id: resource.id })
            .from(resource.table)
            .where(and(eq(resource.id, row.id), scope));
          if (!visible) throw notFound();
        }
        return present(row);
      },
    );

    if (resource.readOnly) return;

    app.post(
      listPath,
      {
        config: { access: access.permission(codename(resource, 'add')) },
        schema: { body: resource.input, tags },
      },
      async (request, reply) => {
        const input = request.body as Input;
        const row = await change(request, 'add', input, async (context) => {
          const values = await resource.values(input, context);
          const [created] = (await context.tx
            .insert(resource.table)
            .values(values as never)
            .returning()) as Row[];
          if (!created) throw new Error(`${model} not created`);
          await resource.afterWrite?.(created, input, context);
          return created;
        });
        reply.status(201);
        return present(row);
      },
    );

    app.put(
      itemPath,
      {
        config: { access: access.permission(codename(resource, 'change')) },
        schema: { params: ZAdminIdParamsSchema, body: resource.input, tags },
      },
      async (request) => {
        const input = request.body as Input;
        const row = await change(
          request,
          'change',
          input,
          async (context) => {
            const values = await resource.values(input, context);
            const [updated] = (await context.tx
              .update(resource.table)
              .set({ ...values, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) })
              .where(eq(resource.id, request.params.id))
              .returning()) as Row[];
            if (!updated) throw notFound();
            await resource.afterWrite?.(updated, input, context);
            return updated;
          },
          request.params.id,
        );
        return present(row);
      },
    );

    const archivedColumn = resource.archived;
    if (archivedColumn) {
      for (const archived of [true, false]) {
        app.post(
          adminApiPath(resource.name, ':id', archived ? 'archive' : 'unarchive'),
          {
            config: { access: access.permission(codename(resource, 'change')) },
            schema: { params: ZAdminIdParamsSchema, tags },
          },
          async (request) => {
            const row = await change(
              request,
              archived ? 'archive' : 'unarchive',
              null,
              async ({ tx }) => {
                const [updated] = (await tx
                  .update(resource.table)
                  .set({
                    archived,
                    archivedAt: archived ? new Date() : null,
                    ...(hasUpdatedAt ? { updatedAt: new Date() } : {}),
                  })
                  .where(eq(resource.id, request.params.id))
                  .returning()) as Row[];
                return updated ?? null;
              },
              request.params.id,
            );
            return present(row);
          },
        );
      }
    }

    app.delete(
      itemPath,
      {
        config: { access: access.permission(codename(resource, 'delete')) },
        schema: { params: ZAdminIdParamsSchema, tags },
      },
      async (request): Promise<TAdminPurgeResult> => {
        await change(
          request,
          'delete',
          null,
          async (context) => {
            if (context.before) await resource.beforePurge?.(context.before, context);
            await context.tx.delete(resource.table).where(eq(resource.id, request.params.id));
            return null;
          },
          request.params.id,
        );
        return { purged: true, id: request.params.id };
      },
    );
  };
}
