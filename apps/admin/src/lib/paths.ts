import { ADMIN_PAGES, type AdminPageName } from './pages.ts';

const adminPaths = Object.fromEntries(
  Object.entries(ADMIN_PAGES).map(([name, page]) => [name, page.path]),
) as { [N in AdminPageName]: (typeof ADMIN_PAGES)[N]['path'] };

/** Every route the shell links to: the public ones here, the admin pages' from pages.ts. */
export const paths = {
  root: '/',
  loginLanding: '/auth/loginlanding',
  login: '/auth/login',
  logout: '/auth/logout',
  logoutCallback: '/auth/logoutcallback',
  authCallback: '/auth/authcallback',
  unauthorized: '/auth/unauthorized',
  outletSignup: '/signup/outlet-signup-profile',
  ...adminPaths,
  // The side menu's 'Manage QRs' (§2.1: 'a placeholder branch id may appear in the shell's menu
  // link'): the page opens the first branch for it.
  manageQrs: '/admin/settings/profile/branch/serviceareas-paymentmethods',
} as const;

/** The ticket view of spec §2.1 (ticketview/{id} and t/{id} short links, pushed orders). */
export { ticketViewPath } from '@app/contracts';

const branchPath = (id: string, rest = '') =>
  `/admin/settings/profile/${encodeURIComponent(id)}${rest}`;
/** settings/profile/{id}: a branch's profile. */
export const branchProfilePath = (id: string): string => branchPath(id);
/** settings/profile/{id}/deliveryFees: a branch's zone fees. */
export const deliveryFeesPath = (id: string): string => branchPath(id, '/deliveryFees');
/** settings/profile/{id}/talabatexpress: the branch's third-party delivery outlet. */
export const talabatExpressPath = (id: string): string => branchPath(id, '/talabatexpress');
/** settings/profile/{id}/serviceareas: sections, links and service areas (the Dine-In shortcut). */
export const serviceAreasPath = (id: string): string => branchPath(id, '/serviceareas');
/** settings/profile/{id}/serviceareas-paymentmethods: each table's payment mode. */
export const serviceAreaPaymentsPath = (id: string): string =>
  branchPath(id, '/serviceareas-paymentmethods');
