/**
 * The web app's screens by route id: the path patterns of spec 2's route table, as React Router reads
 * them (no leading slash; `:name` one segment, `:name?` an optional one). The web app's router is built
 * from them, and the server answers its host page with 404 for a path none of them matches, so a broken
 * link is a not-found to crawlers and link checkers as well as to the reader.
 */
export const screenPaths = {
  home: '',
  sectorsList: 'public/page/sectors',
  contentPage: 'public/page/:slug',
  about: 'public/about',
  smsHowTo: 'public/about/sms-how-to',
  aboutSectors: 'public/about/sectors',
  notifications: 'public/notifications',
  indicators: 'public/indicators',
  indicator: 'public/indicator/:slug',
  browse: 'public/browse/:category?',
  restriction: 'public/restriction/:slug',
  compare: 'public/compare',
  publication: 'public/publication/:slug',
  publications: 'public/publications',
  openData: 'public/open-data',
  complaintsList: 'public/complaints/list',
  complaintsPerformance: 'public/complaints/performance',
  complaint: 'public/complaints/:slug?',
  /** E-mail alerts (docs/subscriptions.md): a mailed link's pages and the manage page. */
  subscriptionConfirm: 'public/subscriptions/confirm',
  subscriptionUnsubscribe: 'public/subscriptions/unsubscribe',
  subscriptions: 'public/subscriptions',
  login: 'auth/login',
  register: 'auth/register/client',
  passwordReset: 'auth/register/reset',
  confirmRegistration: 'auth/register/confirm/:token',
  /** Redirects to the dashboard. */
  signedInArea: 'auth',
  dashboard: 'auth/dashboard',
  profile: 'auth/profile',
  settings: 'auth/settings',
  manageComplaints: 'auth/manage/complaints',
  manageComplaint: 'auth/manage/complaints/:index',
  manageNotifications: 'auth/manage/notifications',
  manageRestrictions: 'auth/manage/restrictions',
  manageRestriction: 'auth/manage/restrictions/:index',
  commitments: 'auth/manage/commitments',
  commitment: 'auth/manage/commitments/:index',
  pages: 'auth/manage/pages',
  page: 'auth/manage/pages/:index',
  sectorsConfig: 'auth/config/sectors',
  policies: 'auth/config/policies',
  restrictionAccess: 'auth/config/restriction-access',
  reports: 'auth/config/reports',
  reportTags: 'auth/config/report-tags',
  smsServices: 'auth/config/sms-services',
  featuredInsights: 'auth/config/featured-insights',
  holidays: 'auth/config/holidays',
  users: 'auth/admin/users',
  groups: 'auth/admin/groups',
  sessions: 'auth/admin/sessions',
  auditLog: 'auth/admin/audit-log',
  delivery: 'auth/admin/delivery',
} as const;

export type ScreenId = keyof typeof screenPaths;

/** A pattern's segments as a regular expression over a URL path (React Router's matching: any case, a trailing slash allowed). */
function patternExpression(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    });
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

let screenExpressions: [ScreenId, RegExp][] | undefined;

/** The screen a URL path (no query, starting with `/`) opens, the first in the table's order; null for none. */
export function screenOf(pathName: string): ScreenId | null {
  screenExpressions ??= Object.entries(screenPaths).map(([id, pattern]) => [
    id as ScreenId,
    patternExpression(pattern),
  ]);
  return screenExpressions.find(([, expression]) => expression.test(pathName))?.[0] ?? null;
}

/** Whether a URL path (no query, starting with `/`) opens one of the web app's screens. */
export function isScreenPath(pathName: string): boolean {
  return screenOf(pathName) !== null;
}

/**
 * The public screens the server renders with their data for a visitor (docs/decisions.md, "Server
 * rendering"), besides the not-found screen of an unknown public path. The others (the complaint form,
 * sign-in, the signed-in area) the browser renders alone.
 */
export const serverRenderedScreens: ReadonlySet<ScreenId> = new Set<ScreenId>([
  'home',
  'sectorsList',
  'contentPage',
  'about',
  'smsHowTo',
  'aboutSectors',
  'notifications',
  'indicators',
  'indicator',
  'browse',
  'restriction',
  'compare',
  'publication',
  'publications',
  'openData',
  'complaintsList',
  'complaintsPerformance',
  // A complaint's public view (its reference); its private page and the form render as null until the
  // browser has checked the session, as before.
  'complaint',
]);
