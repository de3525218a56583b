import type { TAuditListItem } from '@stp/shared';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format.js';
import './texts.js';
import '../complaints/confidentiality-texts.js';

/**
 * A codename as words, for a name the label table does not know yet: `year_committed` → "Year
 * committed", `restrictions.reporttag` → "Reporttag" (the model part), `lastError` → "Last error".
 */
export function humanise(name: string): string {
  const words = (name.split('.').pop() ?? name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** The label table's text at `key`, or `fallback` when it has none (never an object or the key). */
function labelOf(t: TFunction, key: string, fallback: string): string {
  const text: unknown = t(key, { defaultValue: fallback, returnObjects: false });
  return typeof text === 'string' && text !== key ? text : fallback;
}

/** An audited model as people read it ("Commitment" for `restrictions.commitment`), in the UI language. */
export function modelLabel(t: TFunction, model: string): string {
  return /^[a-z_]+\.[a-z_]+$/.test(model)
    ? labelOf(t, `auditLog.models.${model}`, humanise(model))
    : humanise(model);
}

/** An audited field as people read it ("Year committed" for `year_committed`), in the UI language. */
export function fieldLabel(t: TFunction, field: string): string {
  return /^[a-z0-9_]+$/.test(field)
    ? labelOf(t, `auditLog.fields.${field}`, humanise(field))
    : humanise(field);
}

/** The words of an audit action ("Created" …); an action the table does not know yet is humanised. */
export function actionLabel(t: TFunction, action: string): string {
  return /^[a-z_]+$/.test(action)
    ? labelOf(t, `auditLog.actions.${action}`, humanise(action))
    : humanise(action);
}

/** Who made a change: name and e-mail, or why there is no account. */
export function actorLabel(t: TFunction, row: Pick<TAuditListItem, 'actor' | 'actor_withheld'>): string {
  // An applicant whose identity is withheld from this viewer (issue 34 item 5): the server names nobody.
  if (row.actor_withheld) return t('confidentiality.withheld');
  if (!row.actor) return t('auditLog.system');
  return row.actor.name ? `${row.actor.name} (${row.actor.email})` : row.actor.email;
}

/** The record of a change: its name when known, and its id. */
export function objectLabel(row: Pick<TAuditListItem, 'object_label' | 'object_id'>): string {
  return row.object_label ? `${row.object_label} (#${row.object_id})` : `#${row.object_id}`;
}

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A recorded value as text: empty values show as `empty`, a timestamp as a date and time in the
 * language (`language` given), lists and objects as compact JSON.
 */
export function valueText(
  value: unknown,
  texts: { empty: string; yes: string; no: string },
  language?: string,
): string {
  if (value === null || value === undefined || value === '') return texts.empty;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (typeof value === 'string' && language && isoTimestamp.test(value))
    return formatDateTime(value, language);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length === 0) return texts.empty;
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
}
