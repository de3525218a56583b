import { restrictionApiPaths, screenPaths, type PermissionRequirement, type ScreenId } from '@stp/shared';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { ServerRead } from '../api/server-reads.js';
import { BrowsePlaceholder } from '../features/catalogue/browse-header.js';

/** A lazily loaded screen: the import of its module, then the component it names. */
export type ScreenLoader = () => Promise<ComponentType>;

export type NavSection = 'overview' | 'manage' | 'config' | 'admin';

/** One screen of spec 2: where it lives, its title (an i18n key under `routes`) and who may open it. */
export interface ScreenRoute {
  /** Also the key of its path pattern in `screenPaths` (@stp/shared), which the server matches too. */
  id: ScreenId;
  load: ScreenLoader;
  /** Signed-in screens only: the permission gate of spec 2's route table. */
  requirement?: PermissionRequirement;
  /** Signed-in screens shown in the side navigation. */
  nav?: NavSection;
  /**
   * Public screens: what shows in the layout while the screen's chunks arrive on a first visit (in the
   * first load's code, so small). Without one the first load shows the loading overlay alone.
   */
  placeholder?: ComponentType;
  /**
   * Public screens: the API reads the screen makes first, started by the route as its chunks load
   * (api/server-reads.ts) instead of after they have arrived.
   */
  serverReads?: (params: Params) => ServerRead[];
}

/** Where a screen is: its path pattern with a leading slash (the signed-in screens' patterns have no parameters). */
export const screenHref = (route: ScreenRoute): string => `/${screenPaths[route.id]}`;

/**
 * A screen that reads server data: its chunk comes with TanStack Query's provider (one shared client),
 * so the first load of the app carries neither.
 */
export const withServerData =
  (load: ScreenLoader): ScreenLoader =>
  async () => {
    const [{ withQueryClient }, Screen] = await Promise.all([import('../api/query.js'), load()]);
    return withQueryClient(Screen);
  };

/**
 * Under Construction (spec 2's implied screen): the loader of a route whose path, title and gate are
 * real but whose screen comes in a later release. Every route of spec 2 has its screen today.
 */
export const underConstruction: ScreenLoader = () =>
  import('../features/errors/under-construction-screen.js').then((module) => module.UnderConstructionScreen);

/** Public layout (spec 2). Screens of the catalogue and complaints issues show Under Construction for now. */
export const publicRoutes: ScreenRoute[] = [
  {
    id: 'home',
    load: () => import('../features/home/home-screen.js').then((m) => m.HomeScreen),
  },
  {
    id: 'sectorsList',
    load: withServerData(() =>
      import('../features/catalogue/sectors-screen.js').then((m) => m.SectorsScreen),
    ),
  },
  {
    id: 'contentPage',
    load: withServerData(() =>
      import('../features/content-pages/content-page-screen.js').then((m) => m.ContentPageScreen),
    ),
  },
  {
    id: 'about',
    load: withServerData(() =>
      import('../features/content-pages/about-screen.js').then((m) => m.AboutScreen),
    ),
  },
  {
    id: 'smsHowTo',
    load: withServerData(() =>
      import('../features/content-pages/sms-how-to-screen.js').then((m) => m.SmsHowToScreen),
    ),
  },
  {
    id: 'aboutSectors',
    load: withServerData(() =>
      import('../features/catalogue/sectors-screen.js').then((m) => m.AboutSectorsScreen),
    ),
  },
  {
    id: 'notifications',
    load: withServerData(() =>
      import('../features/notifications/notifications-screen.js').then((m) => m.NotificationsScreen),
    ),
  },
  {
    id: 'indicators',
    load: withServerData(() =>
      import('../features/indicators/indicators-screen.js').then((m) => m.IndicatorsScreen),
    ),
  },
  {
    id: 'indicator',
    load: withServerData(() =>
      import('../features/indicators/indicator-screen.js').then((m) => m.IndicatorScreen),
    ),
  },
  {
    id: 'browse',
    load: withServerData(() => import('../features/catalogue/browse-screen.js').then((m) => m.BrowseScreen)),
    placeholder: BrowsePlaceholder,
  },
  {
    id: 'restriction',
    load: withServerData(() =>
      import('../features/catalogue/restriction-screen.js').then((m) => m.RestrictionScreen),
    ),
    serverReads: ({ slug = '' }) => [{ path: restrictionApiPaths.detail(slug) }],
  },
  {
    id: 'publication',
    load: withServerData(() =>
      import('../features/publications/publication-screen.js').then((m) => m.PublicationScreen),
    ),
  },
  {
    id: 'publications',
    load: withServerData(() =>
      import('../features/publications/publications-screen.js').then((m) => m.PublicationsScreen),
    ),
  },
  {
    id: 'complaintsList',
    load: withServerData(() =>
      import('../features/complaints/complaints-list-screen.js').then((m) => m.ComplaintsListScreen),
    ),
  },
  {
    id: 'complaint',
    load: withServerData(() =>
      import('../features/complaints/complaint-screen.js').then((m) => m.ComplaintScreen),
    ),
  },
];

/** Authentication screens, outside the signed-in layout (spec 2). */
export const authScreenRoutes: ScreenRoute[] = [
  {
    id: 'login',
    load: () => import('../features/auth/login-screen.js').then((m) => m.LoginScreen),
  },
  {
    id: 'register',
    load: () => import('../features/auth/register-screen.js').then((m) => m.RegisterScreen),
  },
  {
    id: 'passwordReset',
    load: () => import('../features/auth/password-reset-screen.js').then((m) => m.PasswordResetScreen),
  },
  {
    id: 'confirmRegistration',
    load: () =>
      import('../features/auth/confirm-registration-screen.js').then((m) => m.ConfirmRegistrationScreen),
  },
];

const superuser: PermissionRequirement = { superuser: true };
const needs = (permission: string): PermissionRequirement => ({ permissions: [permission] });

/** The signed-in area (spec 2): a user is needed, and the permission of the route table where it names one. */
export const signedInRoutes: ScreenRoute[] = [
  {
    id: 'dashboard',
    nav: 'overview',
    load: () => import('../features/dashboard/dashboard-screen.js').then((m) => m.DashboardScreen),
  },
  {
    id: 'profile',
    nav: 'overview',
    load: () => import('../features/profile/profile-screen.js').then((m) => m.ProfileScreen),
  },
  {
    id: 'settings',
    nav: 'overview',
    load: () => import('../features/settings/settings-screen.js').then((m) => m.SettingsScreen),
  },
  {
    id: 'manageComplaints',
    nav: 'manage',
    load: withServerData(() =>
      import('../features/manage-complaints/manage-complaints-screen.js').then(
        (m) => m.ManageComplaintsScreen,
      ),
    ),
  },
  {
    id: 'manageComplaint',
    load: withServerData(() =>
      import('../features/manage-complaints/manage-complaint-screen.js').then((m) => m.ManageComplaintScreen),
    ),
  },
  {
    id: 'manageNotifications',
    nav: 'manage',
    load: withServerData(() =>
      import('../features/notifications-admin/notifications-screen.js').then(
        (m) => m.ManageNotificationsScreen,
      ),
    ),
  },
  {
    id: 'manageRestrictions',
    nav: 'manage',
    requirement: needs('restrictions.view_restriction'),
    load: withServerData(() =>
      import('../features/manage-restrictions/manage-restrictions-screen.js').then(
        (m) => m.ManageRestrictionsScreen,
      ),
    ),
  },
  {
    id: 'manageRestriction',
    requirement: needs('restrictions.view_restriction'),
    load: withServerData(() =>
      import('../features/manage-restrictions/manage-restriction-screen.js').then(
        (m) => m.ManageRestrictionScreen,
      ),
    ),
  },
  {
    id: 'commitments',
    nav: 'manage',
    requirement: needs('restrictions.view_commitment'),
    load: withServerData(() =>
      import('../features/commitments/commitments-screen.js').then((m) => m.CommitmentsScreen),
    ),
  },
  {
    id: 'commitment',
    requirement: needs('restrictions.view_commitment'),
    load: withServerData(() =>
      import('../features/commitments/commitments-screen.js').then((m) => m.CommitmentScreen),
    ),
  },
  {
    id: 'pages',
    nav: 'manage',
    requirement: needs('core.view_pagetemplate'),
    load: withServerData(() =>
      import('../features/manage-pages/manage-pages-screen.js').then((m) => m.ManagePagesScreen),
    ),
  },
  {
    id: 'page',
    requirement: needs('core.view_pagetemplate'),
    load: withServerData(() =>
      import('../features/manage-pages/page-edit-screen.js').then((m) => m.PageEditScreen),
    ),
  },
  {
    id: 'sectorsConfig',
    nav: 'config',
    requirement: needs('restrictions.view_sector'),
    load: withServerData(() =>
      import('../features/sectors-config/sectors-screen.js').then((m) => m.SectorsScreen),
    ),
  },
  {
    id: 'policies',
    nav: 'config',
    requirement: needs('restrictions.view_policy'),
    load: withServerData(() =>
      import('../features/policies/policies-screen.js').then((m) => m.PoliciesScreen),
    ),
  },
  {
    id: 'restrictionAccess',
    nav: 'config',
    requirement: needs('restrictions.view_restrictionaccess'),
    load: withServerData(() =>
      import('../features/restriction-access/restriction-access-screen.js').then(
        (m) => m.RestrictionAccessScreen,
      ),
    ),
  },
  {
    id: 'reports',
    nav: 'config',
    requirement: needs('core.view_report'),
    load: withServerData(() =>
      import('../features/reports-admin/reports-admin-screens.js').then((m) => m.ReportsScreen),
    ),
  },
  {
    id: 'reportTags',
    nav: 'config',
    requirement: needs('core.view_reporttag'),
    load: withServerData(() =>
      import('../features/reports-admin/reports-admin-screens.js').then((m) => m.ReportTagsScreen),
    ),
  },
  {
    id: 'smsServices',
    nav: 'config',
    requirement: needs('core.view_smsservice'),
    load: withServerData(() =>
      import('../features/sms-services/sms-services-screen.js').then((m) => m.SmsServicesScreen),
    ),
  },
  // Spec 2 names the admin Featured Insights screen without a path or permission: ours follow the others.
  {
    id: 'featuredInsights',
    nav: 'config',
    requirement: needs('core.view_featuredinsight'),
    load: withServerData(() =>
      import('../features/reports-admin/reports-admin-screens.js').then((m) => m.FeaturedInsightsScreen),
    ),
  },
  // Issue 31: the partner states' public holidays, skipped by working-day deadlines.
  {
    id: 'holidays',
    nav: 'config',
    requirement: needs('complaints.view_publicholiday'),
    load: withServerData(() =>
      import('../features/holidays-admin/holidays-screen.js').then((m) => m.HolidaysScreen),
    ),
  },
  {
    id: 'users',
    nav: 'admin',
    requirement: needs('auth.view_user'),
    load: withServerData(() => import('../features/admin-users/users-screen.js').then((m) => m.UsersScreen)),
  },
  {
    id: 'groups',
    nav: 'admin',
    requirement: superuser,
    load: withServerData(() =>
      import('../features/admin-users/groups-screen.js').then((m) => m.GroupsScreen),
    ),
  },
  {
    id: 'sessions',
    nav: 'admin',
    requirement: superuser,
    load: withServerData(() =>
      import('../features/admin-users/sessions-screen.js').then((m) => m.SessionsScreen),
    ),
  },
  {
    id: 'auditLog',
    nav: 'admin',
    requirement: superuser,
    load: withServerData(() =>
      import('../features/audit-log/audit-log-screen.js').then((m) => m.AuditLogScreen),
    ),
  },
  // Issue 31: the outbox (queued, failed, sent) and the scheduled maintenance, for superusers.
  {
    id: 'delivery',
    nav: 'admin',
    requirement: superuser,
    load: withServerData(() =>
      import('../features/delivery-admin/delivery-screen.js').then((m) => m.DeliveryScreen),
    ),
  },
];

/** The screens a signed-in user sees in the side navigation, by section. */
export const navSections: NavSection[] = ['overview', 'manage', 'config', 'admin'];
