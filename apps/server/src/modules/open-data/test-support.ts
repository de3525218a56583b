// Checks of open-data.test.ts: a value-against-dictionary check, written
// apart from the code under test so that they do not share its mistakes.
import type { TOpenDataField } from '@stp/shared';

export type JsonValue = string | number | boolean | null | JsonValue[];

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** What is wrong with one value for its column; null when it fits. */
function valueError(field: TOpenDataField, value: JsonValue): string | null {
  if (value === null) return field.nullable ? null : 'empty but not nullable';
  const allowed = field.values?.map((choice) => choice.value);
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return `not a string: ${JSON.stringify(value)}`;
      if (allowed && !allowed.includes(value)) return `not an allowed value: ${value}`;
      if (field.pattern && !new RegExp(field.pattern).test(value))
        return `does not match ${field.pattern}: ${value}`;
      return null;
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value))
        return `not a number: ${JSON.stringify(value)}`;
      if (field.type === 'integer' && !Number.isInteger(value)) return `not an integer: ${value}`;
      if (field.minimum !== undefined && value < field.minimum) return `below ${field.minimum}: ${value}`;
      if (field.maximum !== undefined && value > field.maximum) return `above ${field.maximum}: ${value}`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : `not a boolean: ${JSON.stringify(value)}`;
    case 'date':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? null
        : `not a date: ${JSON.stringify(value)}`;
    case 'datetime':
      return typeof value === 'string' && dateTime.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : `not a date-time: ${JSON.stringify(value)}`;
    case 'array':
      if (!Array.isArray(value)) return `not a list: ${JSON.stringify(value)}`;
      for (const item of value)
        if (typeof item !== 'string' || (allowed && !allowed.includes(item)))
          return `not an allowed item: ${String(item)}`;
      return null;
  }
}

/** Every column of a record whose value does not fit the dictionary, as `name: problem`. */
export function typeErrors(fields: readonly TOpenDataField[], record: Record<string, JsonValue>): string[] {
  return fields.flatMap((field) => {
    const problem = valueError(field, record[field.name] ?? null);
    return problem ? [`${field.name}: ${problem}`] : [];
  });
}
