import type { PermissionRequirement } from '@stp/shared';

/** What a route demands of the caller; every `/api/` route declares one (checked at registration). */
export type RouteAccess =
  { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; requirement: PermissionRequirement };

export const access = {
  /** Anyone, signed in or not. */
  public: (): RouteAccess => ({ kind: 'public' }),
  /** Any signed-in user. */
  signedIn: (): RouteAccess => ({ kind: 'signed-in' }),
  /** Every one of these codenames (spec 5 mode ALL). */
  permission: (...permissions: string[]): RouteAccess => ({
    kind: 'permission',
    requirement: { permissions },
  }),
  /** Any one of these codenames (spec 5 mode OR). */
  anyPermission: (...permissions: string[]): RouteAccess => ({
    kind: 'permission',
    requirement: { permissions, mode: 'OR' },
  }),
  /** Superusers only. */
  superuser: (): RouteAccess => ({ kind: 'permission', requirement: { superuser: true } }),
};
