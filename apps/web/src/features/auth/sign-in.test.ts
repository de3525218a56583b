import { loginRedirectKey } from '@stp/shared';
import { describe, expect, it } from 'vitest';
import { takeLoginRedirect } from './sign-in.js';

describe('takeLoginRedirect (spec 9 "__login_redirect")', () => {
  it('uses the "__login_redirect" key', () => {
    expect(loginRedirectKey).toBe('__login_redirect');
  });

  it('returns the stored path once, then removes it', () => {
    sessionStorage.setItem('__login_redirect', '/auth/complaints/12?tab=logs');
    expect(takeLoginRedirect()).toBe('/auth/complaints/12?tab=logs');
    expect(sessionStorage.getItem('__login_redirect')).toBeNull();
    expect(takeLoginRedirect()).toBe('/auth/dashboard');
  });

  it('falls back to the dashboard when nothing is stored', () => {
    expect(takeLoginRedirect()).toBe('/auth/dashboard');
  });

  it.each([
    '//evil.example',
    '//evil.example/auth/dashboard',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '',
  ])('refuses %j as a target (and still removes it)', (target) => {
    sessionStorage.setItem('__login_redirect', target);
    expect(takeLoginRedirect()).toBe('/auth/dashboard');
    expect(sessionStorage.getItem('__login_redirect')).toBeNull();
  });
});
