import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/index.js';
import { appRoutes } from './router.js';

let router: ReturnType<typeof createMemoryRouter> | undefined;
afterEach(() => router?.dispose());

/** The app's routes at `path`, rendered once: the assertions run before any screen chunk can arrive. */
function firstRender(path: string) {
  router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('a first visit, before the screen’s chunks arrive', () => {
  it('shows Browse Restrictions in its layout with its heading and introduction', () => {
    firstRender('/public/browse');
    const main = screen.getByRole('main');
    expect(screen.getByRole('heading', { level: 1, name: 'Browse Restrictions' })).toBeInTheDocument();
    expect(main).toHaveTextContent('Measures of the partner states that restrict trade in services');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    // The screen itself (its search box) is not there yet: this is the placeholder.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

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
