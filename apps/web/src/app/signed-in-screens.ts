import { withServerData, type ScreenLoader } from './routes.js';

/**
 * The signed-in screens' loaders (routes.ts, `signedIn`): in a chunk of their own, loaded when a signed-in
 * screen is first opened, so that a visitor's first load carries neither these imports nor the lists of
 * the chunks each screen needs (issue 30, JavaScript budget).
 */
export const signedInScreens = {
  dashboard: () => import('../features/dashboard/dashboard-screen.js').then((m) => m.DashboardScreen),
  profile: () => import('../features/profile/profile-screen.js').then((m) => m.ProfileScreen),
  settings: () => import('../features/settings/settings-screen.js').then((m) => m.SettingsScreen),
  manageComplaints: withServerData(() =>
    import('../features/manage-complaints/manage-complaints-screen.js').then((m) => m.ManageComplaintsScreen),
  ),
  manageComplaint: withServerData(() =>
    import('../features/manage-complaints/manage-complaint-screen.js').then((m) => m.ManageComplaintScreen),
  ),
  manageNotifications: withServerData(() =>
    import('../features/notifications-admin/notifications-screen.js').then(
      (m) => m.ManageNotificationsScreen,
    ),
  ),
  manageRestrictions: withServerData(() =>
    import('../features/manage-restrictions/manage-restrictions-screen.js').then(
      (m) => m.ManageRestrictionsScreen,
    ),
  ),
  manageRestriction: withServerData(() =>
    import('../features/manage-restrictions/manage-restriction-screen.js').then(
      (m) => m.ManageRestrictionScreen,
    ),
  ),
  commitments: withServerData(() =>
    import('../features/commitments/commitments-screen.js').then((m) => m.CommitmentsScreen),
  ),
  commitment: withServerData(() =>
    import('../features/commitments/commitments-screen.js').then((m) => m.CommitmentScreen),
  ),
  pages: withServerData(() =>
    import('../features/manage-pages/manage-pages-screen.js').then((m) => m.ManagePagesScreen),
  ),
  page: withServerData(() =>
    import('../features/manage-pages/page-edit-screen.js').then((m) => m.PageEditScreen),
  ),
  sectorsConfig: withServerData(() =>
    import('../features/sectors-config/sectors-screen.js').then((m) => m.SectorsScreen),
  ),
  policies: withServerData(() =>
    import('../features/policies/policies-screen.js').then((m) => m.PoliciesScreen),
  ),
  restrictionAccess: withServerData(() =>
    import('../features/restriction-access/restriction-access-screen.js').then(
      (m) => m.RestrictionAccessScreen,
    ),
  ),
  reports: withServerData(() =>
    import('../features/reports-admin/reports-admin-screens.js').then((m) => m.ReportsScreen),
  ),
  reportTags: withServerData(() =>
    import('../features/reports-admin/reports-admin-screens.js').then((m) => m.ReportTagsScreen),
  ),
  smsServices: withServerData(() =>
    import('../features/sms-services/sms-services-screen.js').then((m) => m.SmsServicesScreen),
  ),
  featuredInsights: withServerData(() =>
    import('../features/reports-admin/reports-admin-screens.js').then((m) => m.FeaturedInsightsScreen),
  ),
  holidays: withServerData(() =>
    import('../features/holidays-admin/holidays-screen.js').then((m) => m.HolidaysScreen),
  ),
  users: withServerData(() => import('../features/admin-users/users-screen.js').then((m) => m.UsersScreen)),
  groups: withServerData(() =>
    import('../features/admin-users/groups-screen.js').then((m) => m.GroupsScreen),
  ),
  sessions: withServerData(() =>
    import('../features/admin-users/sessions-screen.js').then((m) => m.SessionsScreen),
  ),
  auditLog: withServerData(() =>
    import('../features/audit-log/audit-log-screen.js').then((m) => m.AuditLogScreen),
  ),
  delivery: withServerData(() =>
    import('../features/delivery-admin/delivery-screen.js').then((m) => m.DeliveryScreen),
  ),
} satisfies Record<string, ScreenLoader>;
