// A content page and a publication link in the visitor's language (issue 33 item 5): French when
// written, else the English text with lang="en" and the "English only" marker.
import type { TContentPage } from '@stp/shared';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../../theme/theme.js';
import { applyLocale } from '../../i18n/index.js';
import { PublicationLink } from '../publications/publication-link.js';
import { PageView } from './page-view.js';

const page = (overrides: Partial<TContentPage>): TContentPage => ({
  slug: 'notice',
  title: { en: 'Notice', fr: 'Avis' },
  lang: 'fr',
  template: {
    title: 'T',
    layout: 'standard',
    banner_url: null,
    banner_attachment: 'scroll',
    slide_interval: 5,
    slides: [],
  },
  content: '<p>Texte.</p>',
  content_lang: 'fr',
  updated_on: '2026-05-01T00:00:00.000Z',
  ...overrides,
});

beforeAll(async () => {
  await applyLocale('fr');
});
afterAll(async () => {
  await applyLocale('en');
});

describe('PageView in French', { timeout: 30_000 }, () => {
  it('shows the French title and content unmarked', () => {
    render(<PageView page={page({})} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Avis');
    expect(screen.queryByTestId('english-only')).toBeNull();
    expect(screen.getByTestId('page-content').getAttribute('lang')).toBeNull();
  });

  it('marks the English title and content of a page not translated yet', () => {
    render(
      <PageView
        page={page({ title: { en: 'Notice', fr: '' }, content: '<p>Text.</p>', content_lang: 'en' })}
      />,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('NoticeAnglais uniquement');
    expect(heading.querySelector('[lang="en"]')?.textContent).toBe('Notice');
    expect(screen.getAllByTestId('english-only')).toHaveLength(2);
    expect(screen.getByTestId('page-content').getAttribute('lang')).toBe('en');
  });
});

describe('PublicationLink', () => {
  it('marks an English title outside the link, in French', () => {
    render(
      <MemoryRouter>
        <PublicationLink slug="a" title={{ text: 'Handbook', lang: 'en', fallback: true }} />
        <PublicationLink slug="b" title={{ text: 'Manuel', lang: 'fr', fallback: false }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Handbook' }).getAttribute('lang')).toBe('en');
    expect(screen.getByRole('link', { name: 'Manuel' }).getAttribute('lang')).toBeNull();
    expect(screen.getAllByTestId('english-only').map((marker) => marker.textContent)).toEqual([
      'Anglais uniquement',
    ]);
  });
});

/** WCAG relative luminance of an `rgb(r, g, b)` or `#rrggbb` colour. */
function luminance(colour: string): number {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  const parts = hex
    ? hex.slice(1).map((part) => parseInt(part, 16))
    : (colour.match(/\d+/g) ?? []).map(Number);
  const [r = 0, g = 0, b = 0] = parts.map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('the banner of a page without a picture', () => {
  it.each(['light', 'dark'] as const)(
    'keeps its white title at 4.5:1 or more on every colour (%s theme)',
    (mode) => {
      render(
        <ThemeProvider theme={createAppTheme(mode)}>
          <PageView page={page({})} />
        </ThemeProvider>,
      );
      const background = getComputedStyle(screen.getByTestId('page-banner')).backgroundImage;
      const colours = background.match(/#[0-9a-f]{6}|rgba?\([^)]*\)/gi) ?? [];
      expect(colours.length, background).toBeGreaterThanOrEqual(2);
      for (const colour of colours)
        expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(4.5);
    },
  );
});
