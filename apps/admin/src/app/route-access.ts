import { matchPath } from 'react-router';
import { ROUTE_ROLES, type MembershipRole, type Role } from '@app/contracts';
import { paths } from '../lib/paths.ts';
import type { Session } from './session.tsx';

export interface RouteAccess {
  /** A route pattern; it also covers the paths below it unless `end` is set. */
  pattern: string;
  end?: boolean;
  /** The tenant roles that may open it, or only the platform's super admin. */
  roles: readonly MembershipRole[] | 'SuperAdmin';
  /** Closed to tenants whose menu comes from a point of sale. */
  notIntegrated?: boolean;
}

/**
 * Who may open each admin page, from the spec's route tables: operations-platform §2.1 and §6,
 * menu-management §2 and §6 (the more specific text for the menu area). The route guard and
 * the side menu both read this, so a menu entry shows exactly when its page may be opened.
 * The first matching rule wins; an /admin path no rule covers is an unknown path.
 */
export const ADMIN_ROUTE_ACCESS: readonly RouteAccess[] = [
  // "admin/tenants, admin/unverifiedtickets: super admin only".
  { pattern: paths.tenants, roles: 'SuperAdmin' },
  { pattern: paths.unverifiedTickets, roles: 'SuperAdmin' },
  // §6 permission sets: MainDashboard is the owner's.
  { pattern: paths.dashboard, roles: ROUTE_ROLES.dashboard },
  // "tickets/manage: OrderTaker, StoreOwner, StoreManager (SuperAdmin excluded)"; the ticket
  // view of admin/tickets/view/{id} shows the same tickets.
  { pattern: '/admin/tickets', roles: ROUTE_ROLES.tickets },
  // "reports/all-tickets: ORDER_TAKER, STORE_MANAGER, STORE_OWNER".
  { pattern: paths.allTicketsReport, roles: ROUTE_ROLES.reports },
  // "discounts: STORE_MANAGER, STORE_OWNER" (list and form).
  { pattern: '/admin/marketing/discounts', roles: ROUTE_ROLES.discounts },
  // "serviceareas-paymentmethods: ORDER_TAKER, STORE_OWNER, STORE_MANAGER".
  {
    pattern: '/admin/settings/profile/:id/serviceareas-paymentmethods',
    roles: ROUTE_ROLES.serviceAreaPaymentMethods,
  },
  // "settings/profile, profile/{id}, serviceareas, deliveryFees, talabatexpress, branding:
  // STORE_OWNER".
  { pattern: '/admin/settings/profile/:id/serviceareas', roles: ROUTE_ROLES.serviceAreas },
  { pattern: '/admin/settings/profile/:id/deliveryFees', roles: ROUTE_ROLES.deliveryFees },
  { pattern: '/admin/settings/profile/:id/talabatexpress', roles: ROUTE_ROLES.thirdPartyOutlet },
  { pattern: paths.branchSettings, roles: ROUTE_ROLES.outletSettings },
  { pattern: paths.branding, roles: ROUTE_ROLES.branding },
  // "settings/branch/operatingstatus: STORE_OWNER, STORE_MANAGER"; the "settings" outlet
  // status screen (the menu's Accept/pause orders) is the same operating status.
  { pattern: paths.operatingStatus, roles: ROUTE_ROLES.operatingStatus },
  { pattern: paths.acceptOrders, end: true, roles: ROUTE_ROLES.operatingStatus },
  // §6 permission sets: TableBillPayments is the owner's.
  { pattern: paths.tableBill, roles: ROUTE_ROLES.tableBillPayments },
  // menu-management §6: "Store owner and store manager: catalog v2, modifier groups,
  // localization". Integrated tenants keep catalog v2 read-only with its banner and the
  // integrated categories manager, and may still edit section schedules (menu-management §1,
  // screens 4 and 5); operations-platform §6 takes localize away from them.
  { pattern: '/admin/catalog/v2', roles: ROUTE_ROLES.catalog },
  { pattern: '/admin/catalog/modifiergroups', roles: ROUTE_ROLES.modifierGroups },
  { pattern: paths.localizeMenu, roles: ROUTE_ROLES.localization, notIntegrated: true },
  // menu-management §6: "Store owner only: arrange, price adjustments, POS mapping, bulk
  // upload" (what an integrated tenant may edit on them is the pages' own business).
  { pattern: paths.catalogArrange, roles: ROUTE_ROLES.arrange },
  { pattern: paths.priceAdjustments, roles: ROUTE_ROLES.priceAdjustments },
  { pattern: paths.posMapping, roles: ROUTE_ROLES.posMapping },
  { pattern: paths.bulkUpload, roles: ROUTE_ROLES.bulkUpload },
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
  if (rule.roles === 'SuperAdmin') return subject.role === 'SuperAdmin';
  // A super admin sees only the platform pages (spec §6).
  if (subject.role === 'SuperAdmin' || !subject.hasTenant) return false;
  if (rule.notIntegrated && subject.isIntegrated) return false;
  return rule.roles.includes(subject.role);
}

/** May this user open this admin path? false for paths no admin page has. */
export function mayOpen(pathname: string, subject: AccessSubject | null): boolean {
  const rule = accessRuleFor(pathname);
  return subject !== null && rule !== undefined && mayOpenRule(rule, subject);
}
