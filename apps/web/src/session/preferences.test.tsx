import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionProfile, sessionUser } from '../test/session-fixtures.js';
import { unsignedJwt } from '../test/tokens.js';
import { appData } from './app-data.js';
import { changeDarkMode, useThemeMode, visitorThemeKey } from './preferences.js';
import { session } from './session.js';

const initialAppData = appData.getState();
const initialSession = session.getState();
afterEach(() => {
  appData.setState(initialAppData, true);
  session.setState(initialSession, true);
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('useThemeMode', () => {
  it("paints a signed-in user's host-page theme until their profile arrives, then the profile's", () => {
    // The system preference is light here (no matchMedia): the account's dark theme must not flash light.
    appData.setState({ accountTheme: 'dark', sessionChecked: false });
    const { result } = renderHook(() => useThemeMode());
    expect(result.current).toBe('dark');
    act(() => {
      session.getState().initialise({ csrf: 'c', token: 't', user: sessionUser, profile: sessionProfile() });
      appData.setState({ sessionChecked: true });
    });
    expect(result.current).toBe('light');
  });

  it("drops the host page's theme once the session is checked and turned out signed out", () => {
    appData.setState({ accountTheme: 'dark', sessionChecked: false });
    const { result } = renderHook(() => useThemeMode());
    act(() => appData.setState({ sessionChecked: true }));
    expect(result.current).toBe('light');
  });

  it("follows a signed-in user's profile whatever the host page said", () => {
    appData.setState({ accountTheme: 'light', sessionChecked: false });
    session
      .getState()
      .initialise({ csrf: 'c', token: 't', user: sessionUser, profile: sessionProfile({ dark_mode: true }) });
    const { result } = renderHook(() => useThemeMode());
    expect(result.current).toBe('dark');
  });
});

describe('changeDarkMode', () => {
  it('waits for the session check when pressed before it, then saves the choice in the account', async () => {
    const updates: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://portal.test')
        .pathname;
      updates.push(`${init?.method ?? 'GET'} ${path}`);
      return new Response(JSON.stringify({ profile: sessionProfile({ dark_mode: true }) }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    // The host page said an account is signed in (light); its session check is still on its way.
    appData.setState({ accountTheme: 'light', sessionChecked: false });
    const { result } = renderHook(() => useThemeMode());
    const switched = changeDarkMode(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(updates).toEqual([]);
    expect(localStorage.getItem(visitorThemeKey)).toBeNull();

    act(() => {
      session.getState().initialise({
        csrf: 'c',
        token: unsignedJwt({ exp: Date.now() / 1000 + 3600 }),
        user: sessionUser,
        profile: sessionProfile(),
      });
      appData.setState({ sessionChecked: true });
    });
    await act(() => switched);
    expect(updates).toEqual(['POST /api/profile/update/']);
    expect(localStorage.getItem(visitorThemeKey)).toBeNull();
    expect(result.current).toBe('dark');
  });

  it("keeps a visitor's choice in local storage at once when the session is known", async () => {
    appData.setState({ sessionChecked: true });
    const { result } = renderHook(() => useThemeMode());
    await act(() => changeDarkMode(true));
    expect(localStorage.getItem(visitorThemeKey)).toBe('dark');
    expect(result.current).toBe('dark');
  });
});
