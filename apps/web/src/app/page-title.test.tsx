import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import '../i18n/index.js';
import { usePageHead } from '../ssr/page-render.js';
import { usePageTitle } from './page-title.js';

let router: ReturnType<typeof createMemoryRouter> | undefined;
afterEach(() => router?.dispose());

function Layout() {
  usePageTitle();
  return <Outlet />;
}

function RecordScreen() {
  usePageHead('Work permits for engineers');
  return <p>record</p>;
}

// The layout's title (from the route) runs in its parent, whose effects run after the screen's: the
// record's own title must still be the one left in the tab (it was replaced on hydration before).
it("keeps the record's own title over the route's name in the layout", async () => {
  router = createMemoryRouter(
    [
      {
        id: 'root',
        element: <Layout />,
        children: [{ id: 'restriction', path: '/r', element: <RecordScreen /> }],
      },
    ],
    { initialEntries: ['/r'] },
  );
  render(<RouterProvider router={router} />);
  await waitFor(() => expect(document.title).toBe('Work permits for engineers | Services Trade Portal'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(document.title).toBe('Work permits for engineers | Services Trade Portal');
});
