import { restrictionApiPaths, screenPaths, type PermissionRequirement, type ScreenId } from '@stp/shared';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { ServerRead } from '../api/server-reads.js';
import type { signedInScreens } from './signed-in-screens.js';
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
  /** The screen reads through api/use-api-read.ts, not TanStack Query: its `serverReads` are kept for it. */
  ownReads?: boolean;
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
    // Browse and a restriction read without TanStack Query (api/use-api-read.ts): not withServerData.
    load: () => import('../features/catalogue/browse-screen.js').then((m) => m.loadBrowseScreen()),
    placeholder: BrowsePlaceholder,
  },
  {
    id: 'restriction',
    load: () => import('../features/catalogue/restriction-screen.js').then((m) => m.RestrictionScreen),
    serverReads: ({ slug = '' }) => [{ path: restrictionApiPaths.detail(slug) }],
    ownReads: true,
  },
  // Issue 34, item 1: e-mail alerts (a mailed link's pages, and the manage page).
  {
    id: 'subscriptionConfirm',
    load: () => import('../features/subscriptions/link-screens.js').then((m) => m.ConfirmSubscriptionScreen),
  },
  {
    id: 'subscriptionUnsubscribe',
    load: () => import('../features/subscriptions/link-screens.js').then((m) => m.UnsubscribeScreen),
  },
  {
    id: 'subscriptions',
    load: () => import('../features/subscriptions/manage-screen.js').then((m) => m.ManageSubscriptionsScreen),
  },
  // Issue 34, item 6: partner states side by side in a sector.
  {
    id: 'compare',
    load: withServerData(() => import('../features/compare/compare-screen.js').then((m) => m.CompareScreen)),
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
    id: 'openData',
    load: withServerData(() =>
      import('../features/open-data/open-data-screen.js').then((m) => m.OpenDataScreen),
    ),
  },
  {
    id: 'complaintsList',
    load: withServerData(() =>
      import('../features/complaints/complaints-list-screen.js').then((m) => m.ComplaintsListScreen),
    ),
  },
  // Issue 34, item 2: complaint handling per partner state and stage.
  {
    id: 'complaintsPerformance',
    load: withServerData(() =>
      import('../features/complaints-performance/performance-screen.js').then((m) => m.PerformanceScreen),
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

/**
 * A signed-in screen's loader, from signed-in-screens.ts: a chunk of its own, so that the first load of
 * a public page does not carry the signed-in screens' imports and the lists of their chunks (about 3 KB
 * compressed; the JavaScript budget, issue 30). A screen opened waits for that small chunk first.
 */
const signedIn =
  (id: keyof typeof signedInScreens): ScreenLoader =>
  () =>
    import('./signed-in-screens.js').then((module) => module.signedInScreens[id]());

const superuser: PermissionRequirement = { superuser: true };
const needs = (permission: string): PermissionRequirement => ({ permissions: [permission] });

/** The signed-in area (spec 2): a user is needed, and the permission of the route table where it names one. */
export const signedInRoutes: ScreenRoute[] = [
  {
    id: 'dashboard',
    nav: 'overview',
    load: signedIn('dashboard'),
  },
  {
    id: 'profile',
    nav: 'overview',
    load: signedIn('profile'),
  },
  {
    id: 'settings',
    nav: 'overview',
    load: signedIn('settings'),
  },
  {
    id: 'manageComplaints',
    nav: 'manage',
    load: signedIn('manageComplaints'),
  },
  {
    id: 'manageComplaint',
    load: signedIn('manageComplaint'),
  },
  {
    id: 'manageNotifications',
    nav: 'manage',
    load: signedIn('manageNotifications'),
  },
  {
    id: 'manageRestrictions',
    nav: 'manage',
    requirement: needs('restrictions.view_restriction'),
    load: signedIn('manageRestrictions'),
  },
  {
    id: 'manageRestriction',
    requirement: needs('restrictions.view_restriction'),
    load: signedIn('manageRestriction'),
  },
  {
    id: 'commitments',
    nav: 'manage',
    requirement: needs('restrictions.view_commitment'),
    load: signedIn('commitments'),
  },
  {
    id: 'commitment',
    requirement: needs('restrictions.view_commitment'),
    load: signedIn('commitment'),
  },
  {
    id: 'pages',
    nav: 'manage',
    requirement: needs('core.view_pagetemplate'),
    load: signedIn('pages'),
  },
  {
    id: 'page',
    requirement: needs('core.view_pagetemplate'),
    load: signedIn('page'),
  },
  {
    id: 'sectorsConfig',
    nav: 'config',
    requirement: needs('restrictions.view_sector'),
    load: signedIn('sectorsConfig'),
  },
  {
    id: 'policies',
    nav: 'config',
    requirement: needs('restrictions.view_policy'),
    load: signedIn('policies'),
  },
  {
    id: 'restrictionAccess',
    nav: 'config',
    requirement: needs('restrictions.view_restrictionaccess'),
    load: signedIn('restrictionAccess'),
  },
  {
    id: 'reports',
    nav: 'config',
    requirement: needs('core.view_report'),
    load: signedIn('reports'),
  },
  {
    id: 'reportTags',
    nav: 'config',
    requirement: needs('core.view_reporttag'),
    load: signedIn('reportTags'),
  },
  {
    id: 'smsServices',
    nav: 'config',
    requirement: needs('core.view_smsservice'),
    load: signedIn('smsServices'),
  },
  // Spec 2 names the admin Featured Insights screen without a path or permission: ours follow the others.
  {
    id: 'featuredInsights',
    nav: 'config',
    requirement: needs('core.view_featuredinsight'),
    load: signedIn('featuredInsights'),
  },
  // Issue 31: the partner states' public holidays, skipped by working-day deadlines.
  {
    id: 'holidays',
    nav: 'config',
    requirement: needs('complaints.view_publicholiday'),
    load: signedIn('holidays'),
  },
  {
    id: 'users',
    nav: 'admin',
    requirement: needs('auth.view_user'),
    load: signedIn('users'),
  },
  {
    id: 'groups',
    nav: 'admin',
    requirement: superuser,
    load: signedIn('groups'),
  },
  {
    id: 'sessions',
    nav: 'admin',
    requirement: superuser,
    load: signedIn('sessions'),
  },
  {
    id: 'auditLog',
    nav: 'admin',
    requirement: superuser,
    load: signedIn('auditLog'),
  },
  // Issue 31: the outbox (queued, failed, sent) and the scheduled maintenance, for superusers.
  {
    id: 'delivery',
    nav: 'admin',
    requirement: superuser,
    load: signedIn('delivery'),
  },
];

/** The screens a signed-in user sees in the side navigation, by section. */
export const navSections: NavSection[] = ['overview', 'manage', 'config', 'admin'];
