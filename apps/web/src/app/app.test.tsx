import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/index.js';
import type * as preferences from '../session/preferences.js';
import { App } from './app.js';

// Each render of App reads the theme once: the count says how often App itself rendered.
const appRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../session/preferences.js', async (importOriginal) => ({
  ...(await importOriginal<typeof preferences>()),
  useThemeMode: () => {
    appRenders.count += 1;
    return 'light' as const;
  },
}));

describe('App', () => {
  it('shows the loading overlay while a screen loads without rendering App again', async () => {
    let release: () => void = () => undefined;
    const chunkLoaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const router = createMemoryRouter([
      { path: '/', Component: () => <p>First screen</p> },
      {
        path: '/next',
        lazy: async () => {
          await chunkLoaded;
          return { Component: () => <p>Next screen</p> };
        },
      },
    ]);
    render(<App router={router} />);
    await screen.findByText('First screen');
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay).toHaveAttribute('aria-hidden', 'true');
    const rendersBefore = appRenders.count;

    await act(async () => {
      void router.navigate('/next');
      await Promise.resolve();
    });
    expect(overlay).toHaveAttribute('aria-hidden', 'false');

    release();
    await screen.findByText('Next screen');
    // A store read with useSyncExternalStore in App re-rendered the whole tree synchronously on every
    // change of the router's state (the first mount of each screen included): only the overlay follows it.
    expect(appRenders.count).toBe(rendersBefore);
  });

  it('shows a navigation that started before the overlay subscribed to the router', async () => {
    // The overlay follows the router through its subscription, not useSyncExternalStore (which made React
    // render the whole tree again in one blocking task when the router changed during a concurrent
    // render): a change between its render and its subscription must still show.
    let navigated = false;
    const router = createMemoryRouter([
      {
        path: '/',
        Component: () => {
          // In the commit, after the overlay has rendered and before its effects run.
          useLayoutEffect(() => {
            if (navigated) return;
            navigated = true;
            void router.navigate('/next');
          }, []);
          return <p>First screen</p>;
        },
      },
      { path: '/next', lazy: () => new Promise<never>(() => undefined) },
    ]);
    render(<App router={router} />);
    expect(await screen.findByText('First screen')).toBeInTheDocument();
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.getByTestId('loading-overlay')).toHaveAttribute('aria-hidden', 'false');
  });
});
