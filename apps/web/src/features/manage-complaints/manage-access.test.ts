import type { SessionUser } from '@stp/shared';
import { describe, expect, it } from 'vitest';
import { isComplaintStaff, isReviewer, tabsFor } from './manage-access.js';

const user = (overrides: Partial<SessionUser>): SessionUser => ({
  id: 1,
  email: 'someone@portal.example',
  is_staff: false,
  is_superuser: false,
  permissions: [],
  ...overrides,
});

describe('tabsFor', () => {
  it('gives a client the overview and their own complaints', () => {
    expect(tabsFor(user({}))).toEqual(['overview', 'mine']);
  });

  it('gives a regulator with the view permission the queue, the staff list and the deadlines', () => {
    const regulator = user({
      is_staff: true,
      permissions: ['complaints.review_regulator', 'complaints.view_complaint'],
    });
    expect(isReviewer(regulator)).toBe(true);
    expect(tabsFor(regulator)).toEqual(['overview', 'queue', 'all', 'deadlines']);
  });

  it('gives staff without review or view permissions the overview only', () => {
    expect(tabsFor(user({ is_staff: true }))).toEqual(['overview']);
  });

  it('does not treat a non-staff holder of a review permission as a reviewer', () => {
    expect(isReviewer(user({ permissions: ['complaints.review_council'] }))).toBe(false);
  });

  it('gives a superuser every staff tab', () => {
    const admin = user({ is_staff: true, is_superuser: true });
    expect(isComplaintStaff(admin)).toBe(true);
    expect(tabsFor(admin)).toEqual(['overview', 'queue', 'all', 'deadlines']);
    expect(tabsFor(null)).toEqual(['overview']);
  });
});
