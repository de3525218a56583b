import type { SessionPayload, SessionProfile, SessionUser } from '@stp/shared';
import type { Principal, UserRow } from '../../auth/principal.js';
import { sha256 } from '../../auth/tokens.js';

/** The `user` of the session state: flags and permission codenames. */
export function presentSessionUser(principal: Principal): SessionUser {
  return {
    id: principal.user.id,
    email: principal.user.email,
    is_staff: principal.user.isStaff,
    is_superuser: principal.user.isSuperuser,
    permissions: principal.permissions,
  };
}

/** The `profile` of the session state; `dark_mode` is the server field spec 3 reads darkMode from. */
export function presentProfile(user: UserRow): SessionProfile {
  const displayName = user.displayName || [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    email: user.email,
    username: user.email,
    display_name: displayName || null,
    first_name: user.firstName || null,
    last_name: user.lastName || null,
    locale: user.locale,
    phone: user.phone || null,
    // The query string changes with the file, so browsers never show a stale avatar.
    avatar: user.avatarKey ? `/api/profile/avatar/?v=${sha256(user.avatarKey).slice(0, 12)}` : null,
    country: user.countryCode,
    dark_mode: user.darkMode,
  };
}

export function presentSession(
  csrf: string,
  token: string | null,
  principal: Principal | null,
): SessionPayload {
  return {
    csrf,
    token,
    user: principal ? presentSessionUser(principal) : null,
    profile: principal ? presentProfile(principal.user) : null,
  };
}
