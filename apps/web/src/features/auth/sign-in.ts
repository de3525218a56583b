import { apiPaths, loginRedirectKey, type SessionPayload, type TLogin } from '@stp/shared';
import { api } from '../../api/api.js';
import { session } from '../../session/session.js';

/** Signs in (spec 7 `POST /api/auth/login/`): the answer initialises the session state. */
export async function signIn(credentials: TLogin): Promise<void> {
  const answer = await api.request<SessionPayload>(apiPaths.login, { method: 'POST', body: credentials });
  if (answer) session.getState().initialise(answer);
}

/**
 * Where a sign-up started (the complaint form's sign-in wall), for after the account is confirmed. The
 * e-mailed link usually opens a new tab, whose session storage is empty: this one is kept in the local
 * storage, with the time, for as long as a confirmation link lasts.
 */
export const signUpRedirectKey = '__signup_redirect';
const signUpRedirectLifetimeMs = 3 * 86_400_000;

/** Remembers where a visitor who starts signing up was going (see `signUpRedirectKey`). */
export function rememberSignUpRedirect(target: string): void {
  try {
    localStorage.setItem(signUpRedirectKey, JSON.stringify({ to: target, at: Date.now() }));
  } catch {
    // No local storage: the confirmed account lands on the dashboard instead.
  }
}

function takeStored(storage: () => Storage, key: string): string | null {
  try {
    const value = storage().getItem(key);
    storage().removeItem(key);
    return value;
  } catch {
    return null;
  }
}

function signUpTarget(stored: string | null): string | null {
  if (!stored) return null;
  try {
    const { to, at } = JSON.parse(stored) as { to?: unknown; at?: unknown };
    const fresh = typeof at === 'number' && Date.now() - at < signUpRedirectLifetimeMs;
    return fresh && typeof to === 'string' ? to : null;
  } catch {
    return null;
  }
}

/**
 * Where to go after sign-in: the remembered target (spec 9 `__login_redirect`), else where a sign-up
 * started, each once; else the dashboard.
 */
export function takeLoginRedirect(): string {
  const loginTarget = takeStored(() => sessionStorage, loginRedirectKey);
  const signUp = signUpTarget(takeStored(() => localStorage, signUpRedirectKey));
  const target = loginTarget ?? signUp;
  // Only a path of this site: never an address elsewhere (`//host`, `/\host` which browsers read alike, `https:`).
  return target && /^\/(?![/\\])/.test(target) ? target : '/auth/dashboard';
}
