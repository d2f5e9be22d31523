import type { Permission, Role } from '@app/contracts';

/** One admin page, described once: the route guard, the side menu and the landing read it. */
export interface AdminPage {
  /** Its route pattern; the page also covers the paths below it unless `end` is set. */
  path: string;
  /** The right that opens it, from the contracts' one table of rights (access.ts). */
  permission: Permission;
  end?: boolean;
  /** The roles that start their work here after signing in (spec §2.2). */
  landingOf?: readonly Role[];
}

/**
 * Every page under /admin (operations-platform §2.1, menu-management §2) and the right it
 * needs; who holds which right is the contracts' PERMISSION_RULES, the table the server's
 * route guards read too. Each feature's routes give these paths their screens.
 */
export const ADMIN_PAGES = {
  dashboard: {
    path: '/admin/dashboard/main-dashboard',
    permission: 'MainDashboard',
    landingOf: ['StoreOwner'],
  },
  liveOrders: {
    path: '/admin/tickets/manage',
    permission: 'LiveTickets',
    landingOf: ['StoreManager', 'OrderTaker'],
  },
  // The ticket view shows the same tickets as live orders.
  ticketView: { path: '/admin/tickets/view/:id', permission: 'LiveTickets' },
  // Where the phone's printer app comes back to (spec §2.4).
  printResult: { path: '/admin/tickets/print-result', permission: 'LiveTickets' },
  allTicketsReport: { path: '/admin/reports/all-tickets', permission: 'Reports' },
  catalog: { path: '/admin/catalog/v2/categories', permission: 'ManageCatalog' },
  catalogSection: { path: '/admin/catalog/v2/categories/:categoryId', permission: 'ManageCatalog' },
  /** The categories manager tree ('manage catalog v2'). */
  catalogManager: { path: '/admin/catalog/v2/manage', permission: 'ManageCatalog' },
  catalogArrange: { path: '/admin/catalog/arrange', permission: 'ArrangeCatalog' },
  priceAdjustments: { path: '/admin/catalog/price-adjustments', permission: 'PriceAdjustments' },
  priceAdjustmentForm: {
    path: '/admin/catalog/price-adjustments/:id',
    permission: 'PriceAdjustments',
  },
  posMapping: { path: '/admin/catalog/pos-map-integrated-items', permission: 'PosItemMapping' },
  modifierGroups: { path: '/admin/catalog/modifiergroups/manage', permission: 'ManageModifiers' },
  bulkUpload: { path: '/admin/bulk-upload', permission: 'BulkUpload' },
  // Its entries (localize/category/{id} and the like) sit below it.
  localizeMenu: { path: '/admin/localize', permission: 'LocalizeCatalog' },
  discounts: { path: '/admin/marketing/discounts/discount-list', permission: 'Discounts' },
  discountForm: { path: '/admin/marketing/discounts/:id', permission: 'Discounts' },
  // The menu's Accept/pause orders and settings/branch/operatingstatus are one screen (§2.1).
  acceptOrders: { path: '/admin/settings', permission: 'OperatingStatus', end: true },
  operatingStatus: {
    path: '/admin/settings/branch/operatingstatus',
    permission: 'OperatingStatus',
  },
  // Kitchen and receipt printers of each branch (issue 37).
  printers: { path: '/admin/settings/printers', permission: 'OperatingStatus' },
  branchSettings: { path: '/admin/settings/profile', permission: 'StoreSettings' },
  // The history of changes (issue 38).
  activity: { path: '/admin/activity', permission: 'AuditLog' },
  branchProfile: { path: '/admin/settings/profile/:id', permission: 'StoreSettings' },
  deliveryFees: { path: '/admin/settings/profile/:id/deliveryFees', permission: 'StoreSettings' },
  talabatExpress: {
    path: '/admin/settings/profile/:id/talabatexpress',
    permission: 'StoreSettings',
  },
  serviceAreas: { path: '/admin/settings/profile/:id/serviceareas', permission: 'StoreSettings' },
  serviceAreaPayments: {
    path: '/admin/settings/profile/:id/serviceareas-paymentmethods',
    permission: 'ServiceAreaPaymentMethods',
  },
  branding: { path: '/admin/settings/branding', permission: 'Branding' },
  tableBillLivePayments: {
    path: '/admin/tablebill/live-payments',
    permission: 'TableBillPayments',
  },
  tableBillTransactions: { path: '/admin/tablebill/transactions', permission: 'TableBillPayments' },
  tenants: { path: '/admin/tenants', permission: 'TenantsList', landingOf: ['SuperAdmin'] },
  unverifiedTickets: { path: '/admin/unverifiedtickets', permission: 'UnverifiedTickets' },
} as const satisfies Record<string, AdminPage>;

export type AdminPageName = keyof typeof ADMIN_PAGES;

/** Where a role starts its work: owners on the dashboard, other staff on live orders (§2.2). */
export function landingPathOf(role: Role): string {
  const page = Object.values(ADMIN_PAGES).find((p: AdminPage) => p.landingOf?.includes(role));
  return (page ?? ADMIN_PAGES.liveOrders).path;
}
