import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../i18n/index.js';
import { LanguageSwitch } from './header-controls.js';

afterEach(async () => {
  await applyLocale('en');
});

/** WCAG 2.5.3 (label in name): the visible text is part of the accessible name, at its start. */
function expectLabelInName(button: HTMLElement) {
  const visible = (button.textContent ?? '').trim();
  const name = button.getAttribute('aria-label') ?? visible;
  expect(visible).not.toBe('');
  expect(name.toLowerCase().startsWith(visible.toLowerCase())).toBe(true);
}

describe('LanguageSwitch', () => {
  it('shows "FR" and is named "FR, Passer en français" in English', () => {
    render(<LanguageSwitch />);
    const button = screen.getByTestId('language-switch');
    expect(button).toHaveTextContent('FR');
    expect(button).toHaveAccessibleName('FR, Passer en français');
    expect(button).toHaveAttribute('lang', 'fr');
    expectLabelInName(button);
  });

  it('shows "EN" and is named "EN, Switch to English" in French', async () => {
    await applyLocale('fr');
    render(<LanguageSwitch />);
    const button = screen.getByTestId('language-switch');
    expect(button).toHaveTextContent('EN');
    expect(button).toHaveAccessibleName('EN, Switch to English');
    expectLabelInName(button);
  });
});
