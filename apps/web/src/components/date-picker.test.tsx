import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../i18n/index.js';
import { DatePickerField, fromPickerValue, toPickerValue } from './date-picker.js';

type Values = { day: string | null };

function Harness({ initial = null }: { initial?: string | null }) {
  const form = useForm<Values>({ defaultValues: { day: initial } });
  const value = useWatch({ control: form.control, name: 'day' });
  return (
    <>
      <DatePickerField control={form.control} name="day" label="Day of occurrence" />
      <output data-testid="value">{JSON.stringify(value)}</output>
      <button type="button" onClick={() => form.setValue('day', '1999-12-31')}>
        Set
      </button>
      <button type="button" onClick={() => form.reset({ day: null })}>
        Reset
      </button>
    </>
  );
}

const formValue = () => JSON.parse(screen.getByTestId('value').textContent ?? '') as unknown;
const group = () => screen.getByRole('group', { name: 'Day of occurrence' });
const shown = () =>
  screen
    .getAllByRole('spinbutton')
    .map((section) => section.textContent)
    .join('/');

async function typeDate(digits: string) {
  const user = userEvent.setup();
  await user.click(screen.getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
  return user;
}

afterEach(async () => {
  await applyLocale('en');
});

// Typing into the picker's sections is many events: slow on a loaded two-core machine.
describe('DatePickerField', { timeout: 30_000 }, () => {
  it('renders the label and a stored date in the interface language’s day order', () => {
    render(<Harness initial="2026-03-05" />);
    expect(group()).toHaveAttribute('aria-invalid', 'false');
    expect(shown()).toBe('05/03/2026');
    expect(formValue()).toBe('2026-03-05');
  });

  it('holds null for an empty field, and makes a cleared date null', async () => {
    render(<Harness />);
    expect(formValue()).toBeNull();
    expect(shown()).toBe('dd/mm/yyyy');

    const user = await typeDate('05032026');
    expect(formValue()).toBe('2026-03-05');
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(formValue()).toBeNull();
    expect(group()).toHaveAttribute('aria-invalid', 'false');
  });

  it('gives a typed valid date to the form as yyyy-MM-dd', async () => {
    render(<Harness />);
    await typeDate('05032026');
    expect(formValue()).toBe('2026-03-05');
    expect(group()).toHaveAttribute('aria-invalid', 'false');
  });

  it('rejects a date before 1900-01-01 or after 2099-12-31 with a translated error', async () => {
    render(<Harness initial="2026-03-05" />);
    const user = await typeDate('31121899');
    expect(formValue()).toBeNull();
    expect(group()).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Enter a date between January 1st, 1900 and December 31st, 2099.'),
    ).toBeInTheDocument();

    await user.click(screen.getAllByRole('spinbutton')[0]!);
    await user.keyboard('01012100');
    expect(formValue()).toBeNull();
    expect(group()).toHaveAttribute('aria-invalid', 'true');

    // The bounds themselves are allowed.
    await user.click(screen.getAllByRole('spinbutton')[0]!);
    await user.keyboard('31122099');
    expect(formValue()).toBe('2099-12-31');
    expect(group()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(/Enter a date between/)).not.toBeInTheDocument();
  });

  it('shows the range error in French when the interface is French', async () => {
    await applyLocale('fr');
    render(<Harness />);
    expect(shown()).toBe('jj/mm/aaaa');
    await typeDate('01011850');
    expect(formValue()).toBeNull();
    expect(
      screen.getByText('Saisissez une date comprise entre 1er janvier 1900 et 31 décembre 2099.'),
    ).toBeInTheDocument();
  });

  it('follows a value set on the form from outside', async () => {
    render(<Harness initial="2026-03-05" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set' }));
    expect(shown()).toBe('31/12/1999');
    expect(formValue()).toBe('1999-12-31');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(shown()).toBe('dd/mm/yyyy');
    expect(formValue()).toBeNull();
  });

  it('opens a calendar whose weeks start on Sunday', async () => {
    render(<Harness initial="2026-03-05" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Choose date/ }));
    const calendar = await screen.findByRole('grid');
    const headers = within(calendar).getAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('aria-label', 'Sunday');
  });
});

describe('picker values', () => {
  it('converts between form values and dates, within the allowed range only', () => {
    expect(fromPickerValue('2026-03-05')).toEqual(new Date(2026, 2, 5));
    expect(fromPickerValue(null)).toBeNull();
    expect(fromPickerValue('')).toBeNull();
    expect(fromPickerValue('05/03/2026')).toBeNull();
    expect(toPickerValue(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
    expect(toPickerValue(new Date(1900, 0, 1))).toBe('1900-01-01');
    expect(toPickerValue(new Date(1899, 11, 31))).toBeNull();
    expect(toPickerValue(new Date(2100, 0, 1))).toBeNull();
    expect(toPickerValue(new Date('nope'))).toBeNull();
    expect(toPickerValue(null)).toBeNull();
  });
});
