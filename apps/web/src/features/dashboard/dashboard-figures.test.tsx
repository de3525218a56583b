import type { TDashboard } from '@stp/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../../i18n/index.js';
import { DashboardFigures } from './dashboard-figures.js';

const staff: TDashboard = {
  kind: 'staff',
  queue: null,
  recent_changes: { scope: 'all', results: [] },
  my_complaints: null,
  failed_deliveries: null,
};

const answer = (body: TDashboard) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );

const renderFigures = () =>
  render(
    <MemoryRouter>
      <DashboardFigures />
    </MemoryRouter>,
  );

beforeEach(() => switchLocale('en'));
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard’s delivery figure', { timeout: 30_000 }, () => {
  it('counts the failed messages for a superuser and links to the Delivery screen', async () => {
    answer({ ...staff, failed_deliveries: 2 });
    renderFigures();
    const card = await screen.findByTestId('dashboard-delivery');
    expect(within(card).getByTestId('delivery-failed-count')).toHaveTextContent(
      '2 messages could not be delivered',
    );
    expect(within(card).getByRole('link', { name: 'Open the failed messages' })).toHaveAttribute(
      'href',
      '/auth/admin/delivery',
    );
  });

  it('says when nothing failed, in French too', async () => {
    answer({ ...staff, failed_deliveries: 0 });
    switchLocale('fr');
    renderFigures();
    const card = await screen.findByTestId('dashboard-delivery');
    // The French texts arrive with the language switch.
    expect(await within(card).findByRole('link', { name: 'Ouvrir l’écran des envois' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Chaque courriel et chaque réponse SMS a été remis');
  });

  it('is not there for other staff', async () => {
    answer(staff);
    renderFigures();
    await screen.findByTestId('dashboard-figures');
    expect(screen.queryByTestId('dashboard-delivery')).toBeNull();
  });
});
