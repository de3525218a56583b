import { checkPermission, type PermissionRequirement } from '@stp/shared';
import type { Principal } from './principal.js';

/**
 * Spec 5's permission check on the staff side: as in Django's admin, codenames count only for a staff
 * account (or a superuser), so a client granted a codename by mistake still cannot use staff routes.
 */
export function staffMay(principal: Principal | null, requirement: PermissionRequirement): boolean {
  if (!principal || !(principal.user.isStaff || principal.user.isSuperuser)) return false;
  return checkPermission(
    { is_superuser: principal.user.isSuperuser, permissions: principal.permissions },
    requirement,
  );
}

/** What a route demands of the caller; every `/api/` route declares one (checked at registration). */
export type RouteAccess =
  { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; requirement: PermissionRequirement };

export const access = {
  /** Anyone, signed in or not. */
  public: (): RouteAccess => ({ kind: 'public' }),
  /** Any signed-in user. */
  signedIn: (): RouteAccess => ({ kind: 'signed-in' }),
  /** Staff (or a superuser) holding every one of these codenames (spec 5 mode ALL). */
  permission: (...permissions: string[]): RouteAccess => ({
    kind: 'permission',
    requirement: { permissions },
  }),
  /** Staff (or a superuser) holding any one of these codenames (spec 5 mode OR). */
  anyPermission: (...permissions: string[]): RouteAccess => ({
    kind: 'permission',
    requirement: { permissions, mode: 'OR' },
  }),
  /** Superusers only. */
  superuser: (): RouteAccess => ({ kind: 'permission', requirement: { superuser: true } }),
};
