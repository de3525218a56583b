import { loginRedirectKey } from '@stp/shared';
import { describe, expect, it } from 'vitest';
import { rememberSignUpRedirect, signUpRedirectKey, takeLoginRedirect } from './sign-in.js';

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

describe("rememberSignUpRedirect: the sign-in wall's promise kept through sign-up and the e-mailed link", () => {
  it('brings the confirmed account back to where its sign-up started, in another tab too', () => {
    rememberSignUpRedirect('/public/complaints?restriction=work-permits');
    // The link in the mail opens a new tab: its session storage is empty, the local storage is shared.
    sessionStorage.clear();
    expect(takeLoginRedirect()).toBe('/public/complaints?restriction=work-permits');
    expect(localStorage.getItem(signUpRedirectKey)).toBeNull();
    expect(takeLoginRedirect()).toBe('/auth/dashboard');
  });

  it('is forgotten once the link could no longer be valid (3 days), and never sends elsewhere', () => {
    const fourDaysAgo = Date.now() - 4 * 86_400_000;
    localStorage.setItem(signUpRedirectKey, JSON.stringify({ to: '/public/complaints', at: fourDaysAgo }));
    expect(takeLoginRedirect()).toBe('/auth/dashboard');
    rememberSignUpRedirect('//evil.example');
    expect(takeLoginRedirect()).toBe('/auth/dashboard');
    localStorage.setItem(signUpRedirectKey, 'not json');
    expect(takeLoginRedirect()).toBe('/auth/dashboard');
  });

  it('a sign-in in this tab goes where this tab was going, and uses up the sign-up target too', () => {
    rememberSignUpRedirect('/public/complaints');
    sessionStorage.setItem('__login_redirect', '/auth/profile');
    expect(takeLoginRedirect()).toBe('/auth/profile');
    expect(localStorage.getItem(signUpRedirectKey)).toBeNull();
  });
});
