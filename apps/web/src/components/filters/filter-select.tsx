import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { LightField } from './light-field.js';

export interface Option {
  value: string;
  label: string;
}

const noSubscription = () => () => undefined;

/**
 * False on the server and while a server-rendered page hydrates, true once the app runs: a plain form
 * until then (fields that work without JavaScript), the app's own behaviour after.
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

// MUI's select with its menu of checkboxes: loaded only when a visitor opens a multiple filter.
const MultiSelectMenu = lazy(() => import('./multi-select-menu.js'));

export interface FilterSelectProps {
  id: string;
  /** The field's name in a plain GET form: the query parameter it sets. */
  name?: string;
  label: string;
  value: string;
  options: Option[];
  /** The first choice, meaning no filter ("Any", "All statuses"); none when absent. */
  anyLabel?: string;
  /** Several values, kept as one comma list. */
  multiple?: boolean;
  disabled?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  /** Defaults to `filter-{id}`. */
  testId?: string;
  onChange: (value: string) => void;
}

/**
 * A list filter: the browser's own select (its phone picker, no script of its own), or for several values
 * a field that opens MUI's menu of checkboxes on first use; before the app runs, a native multiple select
 * a plain form submits (once per value). The filters of every list (browse, notifications, publications,
 * complaints) use it.
 */
export function FilterSelect(props: FilterSelectProps) {
  const { id, label, value, options, anyLabel, multiple, disabled } = props;
  const running = useAppRunning();
  const [menuWanted, setMenuWanted] = useState(false);
  const testId = props.testId ?? `filter-${id}`;
  const known = new Map(options.map((option) => [option.value, option.label]));
  if (multiple) {
    const chosen = value.split(',').filter((item) => known.has(item));
    if (!running)
      return (
        <LightField id={id} label={label} margin={props.margin} disabled={disabled}>
          <select
            id={id}
            name={props.name}
            className="light-control"
            multiple
            defaultValue={chosen}
            disabled={disabled}
            data-testid={testId}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </LightField>
      );
    const summary = chosen.length === 0 ? (anyLabel ?? '') : chosen.map((item) => known.get(item)).join(', ');
    // Until MUI's menu has loaded: a button that looks and is named like the field it becomes.
    const closed = (
      <LightField id={id} label={label} margin={props.margin} disabled={disabled} select>
        <button
          type="button"
          id={id}
          className="light-control"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          disabled={disabled}
          data-testid={testId}
          onPointerEnter={() => void import('./multi-select-menu.js')}
          onFocus={() => void import('./multi-select-menu.js')}
          onClick={() => setMenuWanted(true)}
          onKeyDown={(event) => {
            if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
              event.preventDefault();
              setMenuWanted(true);
            }
          }}
          style={{ textAlign: 'left', whiteSpace: 'nowrap', overflow: 'hidden' }}
        >
          {summary}
        </button>
      </LightField>
    );
    if (!menuWanted) return closed;
    return (
      <Suspense fallback={closed}>
        <MultiSelectMenu {...props} testId={testId} chosen={chosen} summary={summary} />
      </Suspense>
    );
  }
  return (
    <LightField id={id} label={label} margin={props.margin} disabled={disabled} select>
      <select
        id={id}
        name={props.name}
        className="light-control"
        value={known.has(value) ? value : anyLabel !== undefined ? '' : (options[0]?.value ?? '')}
        disabled={disabled}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={testId}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LightField>
  );
}
