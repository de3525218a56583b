import type { SessionProfile, SessionUser } from '@stp/shared';

/** A client account as `/api/profile/` describes it (unit tests of the session). */
export const sessionUser: SessionUser = {
  id: 3,
  email: 'j@example.org',
  is_staff: false,
  is_superuser: false,
  permissions: [],
};

/** That account's profile, light theme unless told. */
export function sessionProfile(changes: Partial<SessionProfile> = {}): SessionProfile {
  return {
    email: 'j@example.org',
    username: 'j',
    display_name: null,
    first_name: 'J',
    last_name: null,
    locale: 'en',
    phone: null,
    avatar: null,
    country: 'KE',
    dark_mode: false,
    ...changes,
  };
}
