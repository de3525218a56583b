import { apiPaths, loginRedirectKey, type SessionPayload, type TLogin } from '@stp/shared';
import { api } from '../../api/api.js';
import { session } from '../../session/session.js';

/** Signs in (spec 7 `POST /api/auth/login/`): the answer initialises the session state. */
export async function signIn(credentials: TLogin): Promise<void> {
  const answer = await api.request<SessionPayload>(apiPaths.login, { method: 'POST', body: credentials });
  if (answer) session.getState().initialise(answer);
}

/** Where to go after sign-in: the remembered target (spec 9 `__login_redirect`), once, else the dashboard. */
export function takeLoginRedirect(): string {
  let target: string | null;
  try {
    target = sessionStorage.getItem(loginRedirectKey);
    sessionStorage.removeItem(loginRedirectKey);
  } catch {
    target = null;
  }
  // Only a path of this site: never an address elsewhere (`//host`, `/\host` which browsers read alike, `https:`).
  return target && /^\/(?![/\\])/.test(target) ? target : '/auth/dashboard';
}
