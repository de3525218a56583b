import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/index.js';
import { createAppTheme } from '../theme/theme.js';
import { appRoutes } from './router.js';

let router: ReturnType<typeof createMemoryRouter> | undefined;
// The root route's ScrollRestoration scrolls; jsdom has no scrolling and says so on every call.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  router?.dispose();
  vi.restoreAllMocks();
});

/** The app's routes at `path`, rendered once: the assertions run before any screen chunk can arrive. */
function firstRender(path: string) {
  router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return render(
    <ThemeProvider theme={createAppTheme('light')}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
}

describe('a first visit, before the screen’s chunks arrive', () => {
  it('shows Browse Restrictions in its layout with its heading and introduction', async () => {
    firstRender('/public/browse');
    const main = screen.getByRole('main');
    expect(screen.getByRole('heading', { level: 1, name: 'Browse Restrictions' })).toBeInTheDocument();
    expect(main).toHaveTextContent('Measures of the partner states that restrict trade in services');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    // Then the screen takes the placeholder's place: one heading, and the search box with it.
    await screen.findByTestId('search-input', {}, { timeout: 20_000 });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  }, 30_000);

  it('leaves a sector’s heading to its screen', () => {
    firstRender('/public/browse/business-services');
    expect(screen.getByRole('main').textContent).toBe('');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows nothing for a screen without a placeholder (the loading overlay covers it)', () => {
    const { container } = firstRender('/public/notifications');
    expect(container).toBeEmptyDOMElement();
  });
});
