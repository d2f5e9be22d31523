import { matchPath } from 'react-router';
import { hasPermission, isPlatformPermission, type Permission, type Role } from '@app/contracts';
import { paths } from './paths.ts';
import type { Session } from './session.tsx';

export interface RouteAccess {
  /** A route pattern; it also covers the paths below it unless `end` is set. */
  pattern: string;
  end?: boolean;
  /** The right that opens it, from the contracts' one table of rights (access.ts). */
  permission: Permission;
}

/**
 * The right each admin page needs; who holds which right is the contracts' PERMISSION_RULES,
 * the same table the server's route guards read. The route guard and the side menu both read
 * this list, so a menu entry shows exactly when its page may be opened. The first matching
 * rule wins; an /admin path no rule covers is an unknown path.
 */
export const ADMIN_ROUTE_ACCESS: readonly RouteAccess[] = [
  { pattern: paths.tenants, permission: 'TenantsList' },
  { pattern: paths.unverifiedTickets, permission: 'UnverifiedTickets' },
  { pattern: paths.dashboard, permission: 'MainDashboard' },
  // The ticket view of admin/tickets/view/{id} shows the same tickets as tickets/manage.
  { pattern: '/admin/tickets', permission: 'LiveTickets' },
  { pattern: paths.allTicketsReport, permission: 'Reports' },
  { pattern: '/admin/marketing/discounts', permission: 'Discounts' },
  {
    pattern: '/admin/settings/profile/:id/serviceareas-paymentmethods',
    permission: 'ServiceAreaPaymentMethods',
  },
  { pattern: '/admin/settings/profile/:id/serviceareas', permission: 'StoreSettings' },
  { pattern: '/admin/settings/profile/:id/deliveryFees', permission: 'StoreSettings' },
  { pattern: '/admin/settings/profile/:id/talabatexpress', permission: 'StoreSettings' },
  { pattern: paths.branchSettings, permission: 'StoreSettings' },
  { pattern: paths.branding, permission: 'Branding' },
  // The "settings" outlet status screen (the menu's Accept/pause orders) is the same operating
  // status as settings/branch/operatingstatus.
  { pattern: paths.operatingStatus, permission: 'OperatingStatus' },
  { pattern: paths.acceptOrders, end: true, permission: 'OperatingStatus' },
  { pattern: paths.tableBill, permission: 'TableBillPayments' },
  { pattern: '/admin/catalog/v2', permission: 'ManageCatalog' },
  { pattern: '/admin/catalog/modifiergroups', permission: 'ManageModifiers' },
  { pattern: paths.localizeMenu, permission: 'LocalizeCatalog' },
  { pattern: paths.catalogArrange, permission: 'ArrangeCatalog' },
  { pattern: paths.priceAdjustments, permission: 'PriceAdjustments' },
  { pattern: paths.posMapping, permission: 'PosItemMapping' },
  { pattern: paths.bulkUpload, permission: 'BulkUpload' },
];

/** The rule covering an admin path, or undefined for a path no admin page has. */
export function accessRuleFor(pathname: string): RouteAccess | undefined {
  return ADMIN_ROUTE_ACCESS.find((rule) =>
    matchPath({ path: rule.pattern, end: rule.end ?? false }, pathname),
  );
}

/** Who is asking: the role in the current tenant and what that tenant is. */
export interface AccessSubject {
  role: Role;
  hasTenant: boolean;
  isIntegrated: boolean;
}

export function accessSubjectOf(session: Session): AccessSubject | null {
  if (!session.user) return null;
  const tenant = session.tenants.find((t) => t.tenantId === session.tenantId);
  return {
    role: session.user.role,
    hasTenant: tenant !== undefined,
    isIntegrated: tenant?.isIntegrated ?? false,
  };
}

export function mayOpenRule(rule: RouteAccess, subject: AccessSubject): boolean {
  // A tenant page needs a tenant; the platform's own pages need none.
  if (!subject.hasTenant && !isPlatformPermission(rule.permission)) return false;
  return hasPermission(subject, rule.permission);
}

/** May this user open this admin path? false for paths no admin page has. */
export function mayOpen(pathname: string, subject: AccessSubject | null): boolean {
  const rule = accessRuleFor(pathname);
  return subject !== null && rule !== undefined && mayOpenRule(rule, subject);
}
