import { QueryClientProvider } from '@tanstack/react-query';
import type { TDeliveryItem, TMaintenanceTask } from '@stp/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query.js';
import { DialogHost } from '../../components/dialogs/dialog-host.js';
import { dialogStore } from '../../components/dialogs/dialogs.js';
import { switchLocale } from '../../i18n/index.js';
import { DeliveryScreen } from './delivery-screen.js';

const failedMail: TDeliveryItem = {
  id: 7,
  channel: 'mail',
  kind: 'reset',
  recipient: 'lost.reader@example.org',
  subject: 'Reset your password',
  status: 'failed',
  attempts: 17,
  last_error: 'Error: connect ECONNREFUSED 127.0.0.1:2525',
  last_attempt_at: '2026-11-27T10:00:00.000Z',
  sent_at: null,
  created_at: '2026-11-26T10:00:00.000Z',
};

const tasks: TMaintenanceTask[] = [
  {
    task: 'sessions',
    schedule: '17 * * * *',
    last_started_at: '2026-11-27T09:17:00.000Z',
    last_finished_at: '2026-11-27T09:17:01.000Z',
    outcome: 'ok',
    removed: 3,
    error: null,
    next_run_at: '2026-11-27T10:17:00.000Z',
  },
  {
    task: 'uploads',
    schedule: '47 * * * *',
    last_started_at: '2026-11-27T09:47:00.000Z',
    last_finished_at: '2026-11-27T09:47:02.000Z',
    outcome: 'error',
    removed: 0,
    error: 'EACCES: permission denied',
    next_run_at: '2026-11-27T10:47:00.000Z',
  },
  {
    task: 'outbox',
    schedule: '40 2 * * *',
    last_started_at: null,
    last_finished_at: null,
    outcome: null,
    removed: 0,
    error: null,
    next_run_at: '2026-11-28T02:40:00.000Z',
  },
];

/** A small outbox behind `fetch`: the list by state, the resend (409 unless failed), the maintenance runs. */
function serve(options: { listStatus?: number; sentMeanwhile?: boolean } = {}) {
  const rows = [{ ...failedMail }];
  const calls: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchStub = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/admin/maintenance/') return json(200, { results: tasks });
    const resend = url.pathname.match(/^\/api\/admin\/delivery\/(\d+)\/resend\/$/);
    if (resend && method === 'POST') {
      const row = rows.find((item) => item.id === Number(resend[1]));
      // Another superuser sent it again first.
      if (row && options.sentMeanwhile) row.status = 'queued';
      if (!row || row.status !== 'failed')
        return json(409, { detail: 'Only a message whose every attempt failed can be sent again.' });
      row.status = 'queued';
      row.last_error = null;
      return json(200, row);
    }
    if (url.pathname === '/api/admin/delivery/') {
      if (options.listStatus) return json(options.listStatus, { detail: 'no' });
      const status = url.searchParams.get('status');
      const count = (state: string) => rows.filter((row) => row.status === state).length;
      return json(200, {
        counts: { failed: count('failed'), queued: count('queued'), sent: count('sent') + 12 },
        results: rows.filter((row) => row.status === status),
      });
    }
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { rows, calls };
}

function renderScreen(path = '/auth/admin/delivery') {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <DeliveryScreen />
      </MemoryRouter>
      <DialogHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  queryClient.clear();
  dialogStore.setState({ dialog: null });
  switchLocale('en');
});
afterEach(() => vi.unstubAllGlobals());

// A whole screen with MUI under a loaded 2-core machine: its first render can take seconds.
describe('DeliveryScreen', { timeout: 30_000 }, () => {
  it('lists a failed message with its error, attempts, recipient and kind, and the counts in the tabs', async () => {
    serve();
    renderScreen();
    const item = await screen.findByTestId('delivery-item');
    expect(within(item).getByText('lost.reader@example.org')).toBeInTheDocument();
    expect(within(item).getByText('Password reset')).toBeInTheDocument();
    expect(within(item).getByTestId('delivery-attempts')).toHaveTextContent('17');
    expect(within(item).getByTestId('delivery-error')).toHaveTextContent(
      'Error: connect ECONNREFUSED 127.0.0.1:2525',
    );
    expect(screen.getByRole('tab', { name: 'Failed (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Queued (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sent (12)' })).toBeInTheDocument();
  });

  it('shows each maintenance task with its last run, outcome and next run', async () => {
    serve();
    renderScreen();
    const sessions = await screen.findByTestId('maintenance-sessions');
    expect(within(sessions).getByText('Expired sessions')).toBeInTheDocument();
    expect(within(sessions).getByText('Succeeded')).toBeInTheDocument();
    expect(within(sessions).getByText('3 removed')).toBeInTheDocument();
    expect(within(sessions).getByTestId('maintenance-next')).toHaveTextContent(/November 27th, 2026/);
    const uploads = screen.getByTestId('maintenance-uploads');
    expect(within(uploads).getByText('Failed')).toBeInTheDocument();
    expect(within(uploads).getByText('EACCES: permission denied')).toBeInTheDocument();
    expect(within(screen.getByTestId('maintenance-outbox')).getAllByText('Not run yet')).not.toHaveLength(0);
  });

  it('resends a failed message only after the confirmation, then shows it queued', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Resend the message to lost.reader@example.org' }),
    );
    const dialog = await screen.findByTestId('dialog-confirm');
    expect(dialog).toHaveTextContent('“Reset your password” to lost.reader@example.org will be queued again');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    expect(server.rows[0]?.status).toBe('failed');

    await user.click(screen.getByRole('button', { name: 'Resend the message to lost.reader@example.org' }));
    await user.click(within(await screen.findByTestId('dialog-confirm')).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByTestId('dialog-success')).toHaveTextContent(
      'The message is queued again and will be sent shortly.',
    );
    expect(server.calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/admin/delivery/7/resend/',
    ]);
    await user.click(within(screen.getByTestId('dialog-success')).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Queued (1)' })).toBeInTheDocument());
    expect(screen.getByTestId('delivery-empty')).toHaveTextContent('No message has failed.');
  });

  it('says in French why a message that is no longer failed cannot be sent again', async () => {
    serve({ sentMeanwhile: true });
    switchLocale('fr');
    const user = userEvent.setup();
    renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Renvoyer le message à lost.reader@example.org' }),
    );
    await user.click(within(await screen.findByTestId('dialog-confirm')).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByTestId('dialog-error')).toHaveTextContent(
      'Seul un message dont toutes les tentatives ont échoué peut être renvoyé.',
    );
  });

  it('shows the empty state of a tab and the period of the sent ones', async () => {
    serve();
    renderScreen('/auth/admin/delivery?tab=sent&days=30');
    expect(await screen.findByTestId('delivery-empty')).toHaveTextContent(
      'Nothing was sent in the last 30 days.',
    );
    expect(screen.getByRole('tab', { name: 'Sent (12)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says when the messages could not be loaded, with a retry', async () => {
    serve({ listStatus: 500 });
    renderScreen();
    expect(await screen.findByTestId('load-error', {}, { timeout: 15_000 })).toHaveTextContent(
      'The messages could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('speaks French', async () => {
    serve();
    switchLocale('fr');
    renderScreen();
    const item = await screen.findByTestId('delivery-item');
    expect(within(item).getByText('Réinitialisation du mot de passe')).toBeInTheDocument();
    expect(within(item).getByText('Dernière erreur')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'En échec (1)' })).toBeInTheDocument();
    expect(await screen.findByText('Maintenance planifiée')).toBeInTheDocument();
    expect(
      within(item).getByRole('button', { name: 'Renvoyer le message à lost.reader@example.org' }),
    ).toBeInTheDocument();
  });
});
