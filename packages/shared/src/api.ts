/** API paths, relative to the `/api/` prefix (spec 7). */
export const apiPaths = {
  token: '/cache/token/',
  constants: '/cache/constants/',
  allSectors: '/pages/sectors/all_sectors/',
  login: '/auth/login/',
  logout: '/auth/logout/',
  register: '/auth/register/client/',
  confirmRegistration: (token: string) => `/auth/register/confirm/${encodeURIComponent(token)}/`,
  passwordReset: '/auth/register/reset/',
  passwordResetConfirm: (token: string) => `/auth/register/reset/${encodeURIComponent(token)}/`,
  profile: '/profile/',
  profileUpdate: '/profile/update/',
  profilePassword: '/profile/password/',
  health: '/health/',
  /** Liveness: the process answers (no database); a load balancer or supervisor restarts it if not. */
  healthLive: '/health/live/',
  /** Readiness: this instance can serve (its database answers); out of rotation while not. */
  healthReady: '/health/ready/',
} as const;

export const apiPrefix = '/api/';

/** The user object of the session state (spec 3). */
export interface SessionUser {
  id: number;
  email: string;
  is_staff: boolean;
  is_superuser: boolean;
  permissions: string[];
}

/** The profile object of the session state (spec 3), as the server sends it. */
export interface SessionProfile {
  email: string;
  username: string;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  locale: string | null;
  phone: string | null;
  avatar: string | null;
  country: string | null;
  dark_mode: boolean;
}

/** What login, logout and the host page give the session state. */
export interface SessionPayload {
  csrf: string | null;
  token: string | null;
  user: SessionUser | null;
  profile: SessionProfile | null;
}

/** `GET /api/cache/token/` */
export interface TokenResponse {
  user: SessionUser | null;
  token: string | null;
}

/** A sector as `/api/pages/sectors/all_sectors/` lists it: the W/120 tree flattened with parent links. */
export interface SectorListItem {
  id: number;
  parent_id: number | null;
  level: 1 | 2 | 3;
  code: string;
  slug: string;
  name: { en: string; fr: string };
}

/** The 422 body: one message per field (`_` for the form as a whole). */
export interface ValidationErrorBody {
  errors: Record<string, string>;
}
