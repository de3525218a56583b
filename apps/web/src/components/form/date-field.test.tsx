import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../i18n/index.js';
import { DateField, readTypedDate, showDate } from './date-field.js';

/** A filter holding its value as the address would (ISO), with a Clear button acting from outside. */
function Harness({ initial = '', min, max }: { initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Notified from" value={value} onChange={setValue} min={min} max={max} />
      <output data-testid="value">{JSON.stringify(value)}</output>
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Notified from' });
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '') as unknown;

afterEach(async () => {
  await applyLocale('en');
});

// Typing a date is some twenty key events: slow on a loaded two-core machine.
describe('DateField', { timeout: 30_000 }, () => {
  it('is a text field named by its label, with the English placeholder dd/mm/yyyy', () => {
    render(<Harness initial="2021-03-15" />);
    expect(field()).toHaveAttribute('type', 'text');
    expect(field()).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(field()).toHaveAttribute('inputmode', 'numeric');
    expect(field()).toHaveValue('15/03/2021');
    expect(screen.getByRole('button', { name: 'Choose a date in the calendar' })).toBeInTheDocument();
  });

  it('writes the French placeholder jj/mm/aaaa in French', async () => {
    await applyLocale('fr');
    render(<Harness />);
    expect(field()).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    expect(screen.getByRole('button', { name: 'Choisir une date dans le calendrier' })).toBeInTheDocument();
  });

  it('gives a date typed day first to the form as ISO, and no value while half typed', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.type(field(), '15/03/20');
    expect(value()).toBe('');
    expect(field()).toHaveAttribute('aria-invalid', 'false');
    await user.type(field(), '21');
    expect(value()).toBe('2021-03-15');
    await user.clear(field());
    expect(value()).toBe('');
  });

  it('takes digits alone and an ISO date too', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.type(field(), '05012024');
    expect(value()).toBe('2024-01-05');
    await user.clear(field());
    await user.type(field(), '2023-12-31');
    expect(value()).toBe('2023-12-31');
    await user.tab();
    expect(field()).toHaveValue('31/12/2023');
  });

  it('rejects a date outside 1900-01-01 .. 2099-12-31 with the range message, keeping the last good value', async () => {
    render(<Harness initial="2021-03-15" />);
    const user = userEvent.setup();
    await user.clear(field());
    await user.type(field(), '31/12/1899');
    expect(value()).toBe('');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Enter a date between January 1st, 1900 and December 31st, 2099.'),
    ).toBeInTheDocument();
    await user.clear(field());
    await user.type(field(), '01/01/2100');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field());
    await user.type(field(), '31/12/2099');
    expect(value()).toBe('2099-12-31');
    expect(field()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(/Enter a date between/)).not.toBeInTheDocument();
  });

  it('writes the range message in French', async () => {
    await applyLocale('fr');
    render(<Harness />);
    await userEvent.setup().type(field(), '01/01/1850');
    expect(
      screen.getByText('Saisissez une date comprise entre 1er janvier 1900 et 31 décembre 2099.'),
    ).toBeInTheDocument();
  });

  it('flags an impossible date once the field is left', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.type(field(), '31/02/2021');
    expect(field()).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a valid date.')).toBeInTheDocument();
    expect(value()).toBe('');
  });

  it('follows a value changed from outside (Clear)', async () => {
    render(<Harness initial="2021-03-15" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear' }));
    expect(field()).toHaveValue('');
  });

  it('keeps to a narrower range when given one (an audit log "to" after its "from")', async () => {
    render(<Harness min="2024-01-10" />);
    await userEvent.setup().type(field(), '09/01/2024');
    expect(value()).toBe('');
    expect(screen.getByText(/Enter a date between January 10th, 2024 and/)).toBeInTheDocument();
  });
});

describe('typed dates', () => {
  it('reads day-first and ISO dates, and refuses impossible days', () => {
    expect(readTypedDate('')).toEqual({ kind: 'empty' });
    expect(readTypedDate(' 1/2/2020 ')).toEqual({ kind: 'day', iso: '2020-02-01' });
    expect(readTypedDate('29.02.2024')).toEqual({ kind: 'day', iso: '2024-02-29' });
    expect(readTypedDate('29/02/2023')).toEqual({ kind: 'invalid' });
    expect(readTypedDate('2024-02-29')).toEqual({ kind: 'day', iso: '2024-02-29' });
    expect(readTypedDate('03/15/2021')).toEqual({ kind: 'invalid' });
    expect(readTypedDate('15/03/21')).toEqual({ kind: 'invalid' });
    expect(showDate('2021-03-15')).toBe('15/03/2021');
    expect(showDate('')).toBe('');
  });
});
