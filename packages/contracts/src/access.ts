import { z } from 'zod';

export const Role = z.enum(['SuperAdmin', 'OrderTaker', 'StoreManager', 'StoreOwner']);
export type Role = z.infer<typeof Role>;

/** A role held inside one tenant; SuperAdmin is a platform role, never a membership. */
export const MembershipRole = Role.exclude(['SuperAdmin']);
export type MembershipRole = z.infer<typeof MembershipRole>;

/** The token claim that carries the user's role (spec §3, user profile claims). */
export const ROLE_CLAIM = 'extension_role';

const EVERY_MEMBER = ['OrderTaker', 'StoreManager', 'StoreOwner'] as const;
const MANAGER_UP = ['StoreManager', 'StoreOwner'] as const;
const OWNER = ['StoreOwner'] as const;

type PermissionRule = {
  /** The tenant roles that hold it; 'SuperAdmin' for the platform's own rights. */
  readonly roles: readonly MembershipRole[] | 'SuperAdmin';
  /** Taken away when the tenant's menu comes from a point of sale. */
  readonly removedWhenIntegrated?: true;
};

/**
 * THE table of rights: who holds each permission. The server's route guards, the permission
 * sets the tenant profile sends, the admin's page guards and its side menu are all derived
 * from it, so they cannot disagree.
 *
 * The roles follow the spec's route tables where they say more than the permission sets of
 * operations-platform §6: reports and per-table payment mode are open to every member
 * (operations-platform §6 route table), modifier groups, catalog v2 and localization to
 * managers and owners (menu-management §2, §6). Rights the spec distinguishes without naming
 * them get names of their own (EditCatalog, EditSchedules, ArrangeCatalog, PriceAdjustments,
 * EditPriceAdjustments, BulkUpload, EditModifiers).
 */
export const PERMISSION_RULES = {
  // "Every user with a tenant gets live tickets and item availability."
  LiveTickets: { roles: EVERY_MEMBER },
  ItemAvailability: { roles: EVERY_MEMBER },
  // Each member's own sign-in address: its verification and the legacy migration (§4.7, §7.3b).
  EmailVerification: { roles: EVERY_MEMBER },
  // "reports/all-tickets: ORDER_TAKER, STORE_MANAGER, STORE_OWNER".
  Reports: { roles: EVERY_MEMBER },
  // "serviceareas-paymentmethods: ORDER_TAKER, STORE_OWNER, STORE_MANAGER".
  ServiceAreaPaymentMethods: { roles: EVERY_MEMBER },
  Discounts: { roles: MANAGER_UP },
  OperatingStatus: { roles: MANAGER_UP },
  // The history of changes (issue 38): owners all of it, managers their branches' (audit.ts).
  AuditLog: { roles: MANAGER_UP },
  // catalog v2 and its reads; an integrated tenant keeps it read-only (menu-management §1, screen 5).
  ManageCatalog: { roles: MANAGER_UP },
  ManageModifiers: { roles: MANAGER_UP },
  // Writing modifier groups: the point of sale owns an integrated tenant's menu.
  EditModifiers: { roles: MANAGER_UP, removedWhenIntegrated: true },
  LocalizeCatalog: { roles: MANAGER_UP, removedWhenIntegrated: true },
  // "Only a logged-in store owner can open the category, item or schedule editors; category and
  // item editors also require the menu not integrated."
  EditCatalog: { roles: OWNER, removedWhenIntegrated: true },
  EditSchedules: { roles: OWNER },
  // "Store owner only: arrange, price adjustments, POS mapping, bulk upload."
  ArrangeCatalog: { roles: OWNER },
  PriceAdjustments: { roles: OWNER },
  // Writing them: "Integrated tenants cannot edit menus except schedules" (menu-management §6).
  EditPriceAdjustments: { roles: OWNER, removedWhenIntegrated: true },
  PosItemMapping: { roles: OWNER },
  BulkUpload: { roles: OWNER, removedWhenIntegrated: true },
  TableBillPayments: { roles: OWNER },
  MainDashboard: { roles: OWNER },
  Branding: { roles: OWNER },
  StoreSettings: { roles: OWNER },
  // "A super admin sees only the tenant list and unverified tickets."
  TenantsList: { roles: 'SuperAdmin' },
  UnverifiedTickets: { roles: 'SuperAdmin' },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSION_RULES;
export const Permission = z.enum(Object.keys(PERMISSION_RULES) as [Permission, ...Permission[]]);

const rule = (permission: Permission): PermissionRule => PERMISSION_RULES[permission];

/** The tenant roles holding a permission ([] for the platform's own). */
export function rolesFor(permission: Permission): readonly MembershipRole[] {
  const { roles } = rule(permission);
  return roles === 'SuperAdmin' ? [] : roles;
}

export const isPlatformPermission = (permission: Permission): boolean =>
  rule(permission).roles === 'SuperAdmin';

export const isRemovedWhenIntegrated = (permission: Permission): boolean =>
  rule(permission).removedWhenIntegrated === true;

export interface PermissionSubject {
  role: Role;
  /** The tenant's menu comes from a point of sale. */
  isIntegrated: boolean;
}

/** Whether one user in one tenant holds a permission. */
export function hasPermission(subject: PermissionSubject, permission: Permission): boolean {
  const { roles, removedWhenIntegrated } = rule(permission);
  if (roles === 'SuperAdmin') return subject.role === 'SuperAdmin';
  if (subject.role === 'SuperAdmin') return false;
  if (removedWhenIntegrated && subject.isIntegrated) return false;
  return roles.includes(subject.role);
}

/** The permission set for one user in one tenant (spec §6), as the tenant profile sends it. */
export function permissionsFor(subject: PermissionSubject): Set<Permission> {
  return new Set(Permission.options.filter((p) => hasPermission(subject, p)));
}
