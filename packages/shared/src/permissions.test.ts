import { describe, expect, it } from 'vitest';
import { allPermissionDefinitions } from './permission-codenames.js';
import { checkPermission } from './permissions.js';

const user = (permissions: string[], is_superuser = false) => ({ is_superuser, permissions });

describe('checkPermission (spec 5)', () => {
  it('denies when there is no user', () => {
    expect(checkPermission(null, {})).toBe(false);
    expect(checkPermission(undefined, { permissions: [] })).toBe(false);
  });

  it('always allows a superuser, even for permissions they were not given', () => {
    expect(checkPermission(user([], true), { permissions: ['auth.view_user'] })).toBe(true);
    expect(checkPermission(user([], true), { superuser: true })).toBe(true);
  });

  it('denies a superuser-only check to everyone else, whatever they hold', () => {
    expect(checkPermission(user(['auth.view_user']), { superuser: true })).toBe(false);
    expect(checkPermission(user([]), { superuser: true, permissions: [] })).toBe(false);
  });

  it('ignores blank permission names, and allows an empty list', () => {
    expect(checkPermission(user([]), {})).toBe(true);
    expect(checkPermission(user([]), { permissions: [] })).toBe(true);
    expect(checkPermission(user([]), { permissions: ['', '  '] })).toBe(true);
    expect(checkPermission(user(['a.view_x']), { permissions: ['', 'a.view_x'] })).toBe(true);
  });

  it('needs every permission in ALL mode, the default', () => {
    const holder = user(['a.view_x', 'a.change_x']);
    expect(checkPermission(holder, { permissions: ['a.view_x', 'a.change_x'] })).toBe(true);
    expect(checkPermission(holder, { permissions: ['a.view_x', 'a.delete_x'] })).toBe(false);
    expect(checkPermission(holder, { permissions: ['a.view_x', 'a.delete_x'], mode: 'ALL' })).toBe(false);
  });

  it('needs any one permission in OR mode, the mode word compared case-insensitively', () => {
    const holder = user(['a.view_x']);
    for (const mode of ['OR', 'or', 'Or', ' or ']) {
      expect(checkPermission(holder, { permissions: ['a.delete_x', 'a.view_x'], mode })).toBe(true);
      expect(checkPermission(holder, { permissions: ['a.delete_x', 'a.add_x'], mode })).toBe(false);
    }
    expect(checkPermission(holder, { permissions: ['a.delete_x', 'a.view_x'], mode: 'all' })).toBe(false);
  });
});

describe('permission codenames', () => {
  it('cover add/change/delete/view of every model of the route table, plus the review stages', () => {
    const codenames = new Set(allPermissionDefinitions().map((p) => p.codename));
    for (const name of [
      'restrictions.view_restriction',
      'restrictions.view_commitment',
      'core.view_pagetemplate',
      'restrictions.view_sector',
      'restrictions.view_policy',
      'restrictions.view_restrictionaccess',
      'core.view_report',
      'core.view_reporttag',
      'auth.view_user',
      'auth.change_group',
      'complaints.review_regulator',
      'complaints.review_regional',
      'complaints.review_council',
    ]) {
      expect(codenames.has(name), name).toBe(true);
    }
    expect(codenames.size).toBe(allPermissionDefinitions().length);
  });
});
