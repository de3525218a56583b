import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionProfile, sessionUser } from '../test/session-fixtures.js';
import { appData } from './app-data.js';
import { useThemeMode } from './preferences.js';
import { session } from './session.js';

const initialAppData = appData.getState();
const initialSession = session.getState();
afterEach(() => {
  appData.setState(initialAppData, true);
  session.setState(initialSession, true);
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
