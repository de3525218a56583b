import type { TReport } from '@stp/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.js';
import { ReportView } from './report-view.js';

const report: TReport = {
  slug: 'total',
  title: { en: 'Restrictions recorded', fr: 'Restrictions recensées' },
  description: { en: 'Total number of restrictions.', fr: 'Nombre total de restrictions.' },
  display_type: 'key_figure',
  index: 1,
  display_height: 200,
};

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );

afterEach(() => vi.unstubAllGlobals());

describe('ReportView', () => {
  it.each([500, 404, 422])('shows the spec sentence when the data call answers %i', async (status) => {
    answer(status, { detail: 'no' });
    render(<ReportView report={report} />);
    expect(await screen.findByText('The report could not be loaded at this time.')).toBeInTheDocument();
  });

  it('shows a key figure as one big number with its label', async () => {
    answer(200, {
      report,
      kind: 'data',
      data: {
        metric: 'restrictions_total',
        dimension: 'none',
        unit: 'count',
        categories: [],
        series: [],
        total: 1234,
      },
    });
    render(<ReportView report={report} />);
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Total number of restrictions.')).toBeInTheDocument();
  });

  it('shows an https embed as a link card that opens in a new window', async () => {
    answer(200, {
      report: { ...report, display_type: 'embed' },
      kind: 'embed',
      url: 'https://example.org/dash',
    });
    render(<ReportView report={{ ...report, display_type: 'embed' }} />);
    const link = await screen.findByRole('link', { name: /Open the report/ });
    expect(link).toHaveAttribute('href', 'https://example.org/dash');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
