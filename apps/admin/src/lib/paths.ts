/** Every route the shell links to, in one place so menus, pages and guards agree. */
export const paths = {
  root: '/',
  loginLanding: '/auth/loginlanding',
  login: '/auth/login',
  logout: '/auth/logout',
  logoutCallback: '/auth/logoutcallback',
  authCallback: '/auth/authcallback',
  unauthorized: '/auth/unauthorized',
  outletSignup: '/signup/outlet-signup-profile',
  dashboard: '/admin/dashboard/main-dashboard',
  liveOrders: '/admin/tickets/manage',
  ticketView: '/admin/tickets/view/:id',
  allTicketsReport: '/admin/reports/all-tickets',
  catalog: '/admin/catalog/v2/categories',
  catalogArrange: '/admin/catalog/arrange',
  priceAdjustments: '/admin/catalog/price-adjustments',
  posMapping: '/admin/catalog/pos-map-integrated-items',
  modifierGroups: '/admin/catalog/modifiergroups/manage',
  bulkUpload: '/admin/bulk-upload',
  localizeMenu: '/admin/localize',
  discounts: '/admin/marketing/discounts/discount-list',
  discountForm: '/admin/marketing/discounts/:id',
  acceptOrders: '/admin/settings',
  operatingStatus: '/admin/settings/branch/operatingstatus',
  branchSettings: '/admin/settings/profile',
  branchProfile: '/admin/settings/profile/:id',
  deliveryFees: '/admin/settings/profile/:id/deliveryFees',
  talabatExpress: '/admin/settings/profile/:id/talabatexpress',
  serviceAreas: '/admin/settings/profile/:id/serviceareas',
  serviceAreaPayments: '/admin/settings/profile/:id/serviceareas-paymentmethods',
  // The side menu's 'Manage QRs' (§2.1: 'a placeholder branch id may appear in the shell's menu
  // link'): the page opens the first branch for it.
  manageQrs: '/admin/settings/profile/branch/serviceareas-paymentmethods',
  branding: '/admin/settings/branding',
  tableBill: '/admin/tablebill',
  tableBillLivePayments: '/admin/tablebill/live-payments',
  tableBillTransactions: '/admin/tablebill/transactions',
  tenants: '/admin/tenants',
  unverifiedTickets: '/admin/unverifiedtickets',
} as const;

/** The ticket view of spec §2.1, the target of the ticketview/{id} and t/{id} short links. */
export const ticketViewPath = (id: string): string =>
  `/admin/tickets/view/${encodeURIComponent(id)}`;

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

/**
 * Admin pages built so far. The side menu shows only these
 * (issue 2: "the entries of areas that exist"); each later area adds its path with its page.
 */
export const BUILT_PAGES: ReadonlySet<string> = new Set([
  paths.dashboard,
  paths.liveOrders,
  paths.allTicketsReport,
  paths.catalog,
  paths.catalogArrange,
  paths.priceAdjustments,
  paths.modifierGroups,
  paths.localizeMenu,
  paths.posMapping,
  paths.bulkUpload,
  paths.manageQrs,
  paths.tableBillLivePayments,
  paths.tableBillTransactions,
  paths.discounts,
  paths.acceptOrders,
  paths.branchSettings,
  paths.branding,
  paths.tenants,
  paths.unverifiedTickets,
]);
