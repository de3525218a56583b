import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { dateRange, type Locale } from '@stp/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLocale } from '../../i18n/index.js';
import { formatDate } from '../../lib/format.js';
import './texts.js';

/** What a typed date reads as: an ISO day, no date (empty), or not (yet) a date. */
export type TypedDate = { kind: 'empty' } | { kind: 'day'; iso: string } | { kind: 'invalid' };

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * A typed date, in the interface's day-month-year order (`15/03/2021`, `15.03.2021`, `15-3-2021`,
 * `15032021`) or as ISO (`2021-03-15`, what a pasted address or a test types); an impossible day
 * (31/02) is invalid.
 */
export function readTypedDate(text: string): TypedDate {
  const typed = text.trim();
  if (typed === '') return { kind: 'empty' };
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  const dayFirst =
    /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  const parts = iso ? [iso[3], iso[2], iso[1]] : dayFirst ? [dayFirst[1], dayFirst[2], dayFirst[3]] : null;
  if (!parts) return { kind: 'invalid' };
  const [day, month, year] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return { kind: 'invalid' };
  return { kind: 'day', iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/** An ISO day as the field shows it (`dd/mm/yyyy`, the order of both interface languages); '' otherwise. */
export function showDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

const localDay = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
};

export type DateFieldProps = Omit<
  TextFieldProps,
  'value' | 'onChange' | 'type' | 'placeholder' | 'error' | 'helperText' | 'defaultValue'
> & {
  /** The day as ISO `yyyy-mm-dd`, or '' for none. */
  value: string;
  /** Called with an ISO day within [min, max], or '' when the field is emptied; never with a half-typed date. */
  onChange: (value: string) => void;
  /** Earliest and latest days (ISO); spec 9's 1900-01-01 and 2099-12-31 by default. */
  min?: string;
  max?: string;
  /** Attributes of the `<input>` itself (name, data-testid). */
  inputAttributes?: Record<string, string>;
};

/**
 * A date typed in the interface language's order, its placeholder in that language (`jj/mm/aaaa`,
 * `dd/mm/yyyy`), and the browser's own calendar behind a button. Chromium's `<input type="date">` writes
 * dates in the browser's locale whatever the page's language (`mm/dd/yyyy` for an American browser
 * showing the French portal), hence a text field; no date-picker library, so public pages stay light.
 */
export function DateField({
  value,
  onChange,
  min = dateRange.min,
  max = dateRange.max,
  inputAttributes,
  slotProps,
  onBlur,
  label,
  ...props
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const locale: Locale = isSupportedLocale(i18n.language) ? i18n.language : 'en';
  const [draft, setDraft] = useState(() => showDate(value));
  // The value last seen, and the one this field last gave: only a value from elsewhere replaces the text.
  const [seen, setSeen] = useState(value);
  const [emitted, setEmitted] = useState<string | null>(null);
  const [problem, setProblem] = useState<'invalid' | 'range' | null>(null);
  const calendar = useRef<HTMLInputElement | null>(null);
  // The calendar's listener, made once, reads the field as it is now.
  const latestTake = useRef<(text: string, finished: boolean) => void>(() => undefined);
  // The value changed from outside (the address, a Clear button): show it.
  if (seen !== value) {
    setSeen(value);
    if (value !== emitted) {
      setEmitted(null);
      setDraft(showDate(value));
      setProblem(null);
    }
  }
  useEffect(() => () => calendar.current?.remove(), []);

  const take = (text: string, finished: boolean) => {
    const typed = readTypedDate(text);
    if (typed.kind === 'empty') {
      setProblem(null);
      if (value === '') return;
      setEmitted('');
      onChange('');
      return;
    }
    if (typed.kind === 'invalid') {
      // A half-typed date is no error yet; a date left unreadable is.
      setProblem(finished ? 'invalid' : null);
      return;
    }
    if (typed.iso < min || typed.iso > max) {
      setProblem('range');
      return;
    }
    setProblem(null);
    if (typed.iso === value) return;
    // What was typed stays as typed (no reformatting under the cursor); a value from outside is shown.
    setEmitted(typed.iso);
    onChange(typed.iso);
  };

  useEffect(() => {
    latestTake.current = take;
  });

  // The browser's calendar: a native date input made on the first click, out of the page's flow and of the
  // accessibility tree (the text field is the field; the calendar is a shortcut to it).
  const openCalendar = (button: HTMLElement) => {
    let input = calendar.current;
    if (!input) {
      input = document.createElement('input');
      input.type = 'date';
      input.tabIndex = -1;
      input.setAttribute('aria-hidden', 'true');
      Object.assign(input.style, {
        position: 'fixed',
        opacity: '0',
        pointerEvents: 'none',
        width: '1px',
        height: '1px',
      });
      input.addEventListener('change', () => {
        if (input!.value) latestTake.current(input!.value, true);
      });
      document.body.append(input);
      calendar.current = input;
    }
    const box = button.getBoundingClientRect();
    Object.assign(input.style, { left: `${box.left}px`, top: `${box.bottom}px` });
    input.min = min;
    input.max = max;
    const typed = readTypedDate(draft);
    input.value = typed.kind === 'day' ? typed.iso : value;
    if (typeof input.showPicker === 'function') {
      try {
        input.showPicker();
        return;
      } catch {
        // No picker here (an old browser, no user activation): typing stays.
      }
    }
    button.closest('.MuiFormControl-root')?.querySelector<HTMLInputElement>('input')?.focus();
  };

  const message =
    problem === 'range'
      ? t('datePicker.outOfRange', {
          min: formatDate(localDay(min), locale),
          max: formatDate(localDay(max), locale),
        })
      : problem === 'invalid'
        ? t('datePicker.invalid')
        : undefined;

  return (
    <TextField
      {...props}
      label={label}
      value={draft}
      placeholder={t('dateField.placeholder')}
      error={problem !== null}
      helperText={message}
      onChange={(event) => {
        setDraft(event.target.value);
        take(event.target.value, false);
      }}
      onBlur={(event) => {
        take(draft, true);
        // Left with a good date: written the field's way (2021-03-15 and 15-3-2021 read 15/03/2021).
        const typed = readTypedDate(draft);
        if (typed.kind === 'day' && typed.iso >= min && typed.iso <= max) setDraft(showDate(typed.iso));
        onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'off',
          maxLength: 10,
          ...(slotProps?.htmlInput as object),
          ...inputAttributes,
        },
        input: {
          ...(slotProps?.input as object),
          endAdornment: (
            <InputAdornment position="end" sx={{ ml: 0 }}>
              <IconButton
                edge="end"
                size="small"
                aria-label={t('dateField.choose')}
                onClick={(event) => openCalendar(event.currentTarget)}
              >
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
