import { z } from 'zod';

export const Role = z.enum(['SuperAdmin', 'OrderTaker', 'StoreManager', 'StoreOwner']);
export type Role = z.infer<typeof Role>;

export const Permission = z.enum([
  'LiveTickets',
  'ItemAvailability',
  'Discounts',
  'OperatingStatus',
  'ManageCatalog',
  'ServiceAreaPaymentMethods',
  'TableBillPayments',
  'PosItemMapping',
  'MainDashboard',
  'Reports',
  'ManageModifiers',
  'LocalizeCatalog',
  'Branding',
  'StoreSettings',
  'TenantsList',
  'UnverifiedTickets',
]);
export type Permission = z.infer<typeof Permission>;

export interface PermissionSubject {
  role: Role;
  /** The tenant's menu comes from a point of sale. */
  isIntegrated: boolean;
}

const TENANT_USER: readonly Permission[] = ['LiveTickets', 'ItemAvailability'];
const MANAGER_OR_OWNER: readonly Permission[] = [
  'Discounts',
  'OperatingStatus',
  'ManageCatalog',
  'ServiceAreaPaymentMethods',
];
const OWNER_ONLY: readonly Permission[] = [
  'TableBillPayments',
  'PosItemMapping',
  'MainDashboard',
  'Reports',
  'ManageModifiers',
  'LocalizeCatalog',
  'Branding',
  'StoreSettings',
];
const SUPER_ADMIN: readonly Permission[] = ['TenantsList', 'UnverifiedTickets'];
// An integrated tenant's menu is edited in its point of sale, not here.
const REMOVED_WHEN_INTEGRATED: readonly Permission[] = ['ManageCatalog', 'LocalizeCatalog'];

/** The permission set of spec §6 for one user in one tenant. */
export function permissionsFor({ role, isIntegrated }: PermissionSubject): Set<Permission> {
  if (role === 'SuperAdmin') return new Set(SUPER_ADMIN);
  const granted = new Set<Permission>(TENANT_USER);
  if (role === 'StoreManager' || role === 'StoreOwner')
    MANAGER_OR_OWNER.forEach((p) => granted.add(p));
  if (role === 'StoreOwner') OWNER_ONLY.forEach((p) => granted.add(p));
  if (isIntegrated) REMOVED_WHEN_INTEGRATED.forEach((p) => granted.delete(p));
  return granted;
}
