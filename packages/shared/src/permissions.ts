/** Who a permission check looks at: the `user` object of the session state (spec 3). */
export interface PermissionSubject {
  is_superuser: boolean;
  permissions: readonly string[];
}

/** What a route or screen asks for. */
export interface PermissionRequirement {
  /** Django-style codenames such as `restrictions.view_restriction`. */
  permissions?: readonly string[];
  /** `ALL` (default): every listed permission; `OR`: any one of them. Compared case-insensitively. */
  mode?: string;
  /** Only a superuser passes. */
  superuser?: boolean;
}

/** The permission check of spec 5, shared by the server guard and the web app. */
export function checkPermission(
  user: PermissionSubject | null | undefined,
  requirement: PermissionRequirement = {},
): boolean {
  if (!user) return false;
  if (user.is_superuser) return true;
  if (requirement.superuser) return false;
  const wanted = (requirement.permissions ?? []).map((name) => name.trim()).filter((name) => name !== '');
  if (wanted.length === 0) return true;
  const held = new Set(user.permissions);
  if ((requirement.mode ?? 'ALL').trim().toUpperCase() === 'OR') return wanted.some((name) => held.has(name));
  return wanted.every((name) => held.has(name));
}
