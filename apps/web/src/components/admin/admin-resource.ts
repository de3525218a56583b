import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { Control, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { DataColumn } from '../list/data-table.js';

export type Language = 'en' | 'fr';

/** A select in the list's toolbar; its value lives in the address under `key`. */
export interface AdminFilter {
  key: string;
  label: string;
  options: { value: string; label: string }[];
}

/** What an area's form fields are given: the form, and whether the user may only read. */
export interface AdminFieldsProps<In extends FieldValues, Item> {
  control: Control<In, unknown, unknown>;
  form: UseFormReturn<In, unknown, unknown>;
  readOnly: boolean;
  /** The record being edited; null when creating. */
  item: Item | null;
}

/** Any record an admin resource answers. */
export interface AdminItem {
  id: number;
  archived?: boolean;
}

/**
 * One admin area on the web (issue 6 item 1), the mirror of the server's `AdminResource`: which API
 * resource, which permissions, how the list reads and how the form edits. The shared screens
 * (`AdminListScreen`, `AdminEditScreen`, `AdminFormDialog`) do the rest, so no area copies another.
 */
export interface AdminResourceConfig<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>> {
  /** The API resource: `/api/admin/{name}/`. */
  name: string;
  /** Permission codenames are `{app}.{action}_{model}`. */
  app: string;
  model: string;
  /** i18n keys of the screen's texts. */
  texts: {
    /** The list's heading. */
    title: string;
    intro?: string;
    /** "New policy area". */
    create: string;
    /** The edit form's title, given `{{name}}`. */
    edit: string;
    /** Table caption for screen readers. */
    caption: string;
    /** What the list shows when empty. */
    empty?: string;
  };
  /** The record's name in titles and confirm texts. */
  label: (item: Item, language: Language) => string;
  columns: (t: TFunction, language: Language) => DataColumn<Item>[];
  filters?: (t: TFunction, language: Language) => AdminFilter[];
  defaultSort: string;
  /** Whether records have the archive flag (Active / Archived / All tabs, archive actions). */
  archivable: boolean;
  schema: S;
  emptyValues: z.input<S>;
  toFormValues: (item: Item) => z.input<S>;
  Fields: ComponentType<AdminFieldsProps<z.input<S>, Item>>;
  /**
   * Where a record is edited: in a dialog over the list (default), or on its own page at this address
   * (`id` is `new` for a new record), as spec 2's `/auth/manage/{area}/{index}` routes are.
   */
  itemRoute?: (id: number | 'new') => string;
  /** The list's address, where an item page goes back to (needed with `itemRoute`). */
  listRoute?: string;
  /** Wider dialog for long forms. */
  dialogWidth?: 'sm' | 'md' | 'lg';
}
