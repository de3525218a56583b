import type { TAuditListItem } from '@stp/shared';
import type { TFunction } from 'i18next';
import './texts.js';

const knownActions = [
  'add',
  'change',
  'delete',
  'archive',
  'unarchive',
  'invite',
  'password_reset',
  'purge_expired',
];

/**
 * The words of an audit action ("Created" …); an action of a later area shows as recorded, its
 * underscores as spaces (so that it wraps in a narrow column).
 */
export function actionLabel(t: TFunction, action: string): string {
  return knownActions.includes(action) ? t(`auditLog.actions.${action}`) : action.replaceAll('_', ' ');
}

/** Who made a change: name and e-mail, or why there is no account. */
export function actorLabel(t: TFunction, row: Pick<TAuditListItem, 'actor'>): string {
  if (!row.actor) return t('auditLog.system');
  return row.actor.name ? `${row.actor.name} (${row.actor.email})` : row.actor.email;
}

/** The record of a change: its name when known, and its id. */
export function objectLabel(row: Pick<TAuditListItem, 'object_label' | 'object_id'>): string {
  return row.object_label ? `${row.object_label} (#${row.object_id})` : `#${row.object_id}`;
}

/** A recorded value as text: empty values show as `empty`, lists and objects as compact JSON. */
export function valueText(value: unknown, texts: { empty: string; yes: string; no: string }): string {
  if (value === null || value === undefined || value === '') return texts.empty;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length === 0) return texts.empty;
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
}
