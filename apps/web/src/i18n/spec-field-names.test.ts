import { describe, expect, it } from 'vitest';
import adminKit from '../components/admin/i18n/en.json';
import adminUsers from '../features/admin-users/i18n/en.json';
import auditLog from '../features/audit-log/i18n/en.json';
import managePages from '../features/manage-pages/i18n/en.json';
import reportsAdmin from '../features/reports-admin/i18n/en.json';
import app from './en.json';
import appFr from './fr.json';

// Spec 3 names the entities' fields: the staff screens label them with those names, in English.
describe("staff labels use spec 3's field names", () => {
  it.each([
    ['User: Last Login (users list)', adminUsers.adminUsers.users.lastLogin, 'Last Login'],
    ['User: Locale (user form)', adminUsers.adminUsers.users.fields.locale, 'Locale'],
    [
      'Report: Report Display Type (list)',
      reportsAdmin.reportsAdmin.reports.displayType,
      'Report Display Type',
    ],
    [
      'Report: Report Display Type (form)',
      reportsAdmin.reportsAdmin.reports.fields.display_type,
      'Report Display Type',
    ],
    [
      'Report: Display Height (form)',
      reportsAdmin.reportsAdmin.reports.fields.display_height,
      'Display Height',
    ],
    ['Report: Params (form section)', reportsAdmin.reportsAdmin.reports.sectionParams, 'Params'],
    ['Page template: Banner image (form section)', managePages.managePages.sections.banner, 'Banner image'],
    ['Session: Expiry (sessions list)', adminUsers.adminUsers.sessions.expires, 'Expiry'],
    ['Report: Report Display Type (audit log)', auditLog.auditLog.fields.display_type, 'Report Display Type'],
    ['Report: Display Height (audit log)', auditLog.auditLog.fields.display_height, 'Display Height'],
    ['Report: Params (audit log)', auditLog.auditLog.fields.params, 'Params'],
    ['User: Last Login (audit log)', auditLog.auditLog.fields.last_login, 'Last Login'],
    ['User: Locale (audit log)', auditLog.auditLog.fields.locale, 'Locale'],
    ['Session: Expiry (audit log)', auditLog.auditLog.fields.expires_at, 'Expiry'],
    ['Record flags: Deleted On (admin lists, Deleted view)', adminKit.admin.deletedOn, 'Deleted On'],
  ])('%s', (_field, label, specName) => {
    expect(label).toBe(specName);
  });
});

// A person choosing their own language (Sign Up, Profile, Settings) reads "Language", not spec 3's
// field name "Locale", which the staff user form and the audit log keep.
describe('the language a person chooses for themselves is labelled as such', () => {
  it('reads "Language" / "Langue"', () => {
    expect(app.fields.language).toBe('Language');
    expect(appFr.fields.language).toBe('Langue');
  });
});
