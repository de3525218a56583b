import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.js';
import { Breakable } from './breakable.js';
import { DataTable, type DataColumn } from './data-table.js';

interface Row {
  id: number;
  name: string;
  slug: string;
}

const columns: DataColumn<Row>[] = [
  { key: 'name', label: 'Nom', render: (row) => <span data-testid="name">{row.name}</span> },
  { key: 'slug', label: 'Slug', render: (row) => <Breakable>{row.slug}</Breakable> },
];

const table = () =>
  render(
    <DataTable
      caption="Pages"
      columns={columns}
      rows={[{ id: 1, name: 'Politique de confidentialité', slug: 'politique-de-confidentialite' }]}
      rowKey={(row) => row.id}
      count={1}
      page={1}
      pageSize={10}
      sort="name"
      onPage={() => undefined}
    />,
  );

/** Lays the table's box out as `content` px of columns in a `box` px wide container. */
function layout(content: number, box: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
}

beforeEach(() => {
  // jsdom lays nothing out and has no ResizeObserver: one that measures once, on observe.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('marks only the breakable token of a row, not its words', () => {
    layout(300, 375);
    table();
    expect(screen.getByTestId('name')).not.toHaveAttribute('data-breakable');
    expect(screen.getByText('politique-de-confidentialite')).toHaveAttribute('data-breakable');
  });

  it('a table that fits its box is no region and no tab stop', () => {
    layout(300, 375);
    table();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByTestId('table-scroller')).not.toHaveAttribute('tabindex');
  });

  it('a table wider than its box scrolls in a region named by its caption, reachable by keyboard', () => {
    layout(520, 375);
    table();
    const region = screen.getByRole('region', { name: 'Pages' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toBe(screen.getByTestId('table-scroller'));
  });
});
