import { choiceLists, type SectorListItem } from '@stp/shared';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiReads } from '../../api/use-api-read.js';
import { applyLocale } from '../../i18n/index.js';
import { appData } from '../../session/app-data.js';
import { createAppTheme } from '../../theme/theme.js';
import { BrowseScreen } from './browse-screen.js';
import { loadSectorParts } from './sector-parts.js';

const sector = (id: number, parent: number | null, slug: string, en: string): SectorListItem => ({
  id,
  parent_id: parent,
  level: parent === null ? 1 : 2,
  code: String(id),
  slug,
  name: { en, fr: en },
});
const sectors = [sector(1, null, 'business', 'Business services'), sector(2, 1, 'legal', 'Legal services')];

/** The API behind `fetch`: empty lists, and every address asked for. */
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  clearApiReads();
  appData.setState((state) => ({
    ...state,
    cache: { ...state.cache, sectorList: sectors },
    constants: {
      ...choiceLists,
      countries: [
        { code: 'KE', name: { en: 'Kenya', fr: 'Kenya' }, partner_state: true },
        { code: 'UG', name: { en: 'Uganda', fr: 'Ouganda' }, partner_state: true },
      ],
      limits: { uploadMaxMb: 10 },
    },
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(url);
      const body = url.includes('/sectors/')
        ? {
            sector: { ...sectors[1], description: { en: '', fr: '' }, cpc: null },
            ancestors: [sectors[0]],
            children: [],
            by_country: [],
            commitments: [],
          }
        : { count: 0, results: [] };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await applyLocale('en');
});
// A sector in the address loads the sector's parts (a chunk of their own) in the background: the file
// waits for them, or vitest tears the environment down under the import (an unhandled
// EnvironmentTeardownError that fails the whole run).
afterAll(() => loadSectorParts());

const screenAt = (address: string) => (
  <ThemeProvider theme={createAppTheme('light')}>
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/public/browse/:category?" element={<BrowseScreen />} />
      </Routes>
    </MemoryRouter>
  </ThemeProvider>
);

// jsdom has no matchMedia: MUI's media queries answer false, as on a phone.
describe('Browse Restrictions on a phone', () => {
  it('folds the filters behind "Filters (n)", the results first; the button opens them', async () => {
    render(screenAt('/public/browse?country=KE&mode_of_supply=mode_4&q=bank'));
    const toggle = await screen.findByTestId('filters-toggle');
    expect(toggle).toHaveTextContent('Filters (2)');
    const panel = toggle.closest('details')!;
    expect(panel.open).toBe(false);
    // The closed panel's fields are not rendered in the browser: the results come first.
    expect(screen.queryByLabelText('Country')).toBeNull();
    const results = document.querySelector('section[aria-labelledby="results-heading"]')!;
    expect(toggle.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(toggle);
    await waitFor(() => expect(panel.open).toBe(true));
    expect(await within(panel).findByRole('combobox', { name: 'Country' })).toBeVisible();
  }, 20_000);

  it('says "Filtres (n)" in French', async () => {
    await applyLocale('fr');
    render(screenAt('/public/browse/legal?country=KE'));
    expect(await screen.findByTestId('filters-toggle')).toHaveTextContent('Filtres (2)');
  }, 20_000);

  it('reads the address a plain form sends: repeated values and the sector selects named category', async () => {
    render(screenAt('/public/browse?category=business&category=legal&country=KE&country=UG&q='));
    await waitFor(() => expect(asked.some((url) => url.includes('/restrictions/?'))).toBe(true));
    const list = new URL(
      asked.find((url) => url.includes('/restrictions/?'))!,
      'http://portal',
    );
    expect(list.searchParams.get('category')).toBe('legal');
    expect(list.searchParams.get('country')).toBe('KE,UG');
    expect(await screen.findByTestId('filters-toggle')).toHaveTextContent('Filters (2)');
  });
});

describe('Browse Restrictions rendered on the server', () => {
  it('is a plain GET form of named native fields with a submit button, the search box sent with it', () => {
    // On the server zustand reads the store's initial state: the page is rendered with the startup data.
    const initial = appData.getInitialState;
    const seeded = appData.getState();
    appData.getInitialState = () => seeded;
    let html: string;
    try {
      html = renderToString(screenAt('/public/browse/legal?country=KE&q=bank&sort=-year_introduced'));
    } finally {
      appData.getInitialState = initial;
    }
    const page = new DOMParser().parseFromString(html, 'text/html');
    const form = page.querySelector('form#browse-filters')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/public/browse');
    const names = [...form.querySelectorAll('select, input')].map((field) => field.getAttribute('name'));
    for (const name of [
      'country',
      'restriction_type',
      'mode_of_supply',
      'market_access',
      'national_treatment',
      'non_compliance_type',
      'year_from',
      'year_to',
      'status',
      'sort',
    ])
      expect(names).toContain(name);
    expect(names.filter((name) => name === 'category')).toHaveLength(3);
    const country = form.querySelector<HTMLSelectElement>('select[name="country"]')!;
    expect(country.multiple).toBe(true);
    expect([...country.selectedOptions].map((option) => option.value)).toEqual(['KE']);
    expect(form.querySelector<HTMLSelectElement>('select[name="category"]')!.value).toBe('business');
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Apply filters');
    const search = page.querySelector<HTMLInputElement>('input[name="q"]')!;
    expect(search.getAttribute('form')).toBe('browse-filters');
    expect(search.value).toBe('bank');
  });
});
