import { describe, expect, it } from 'vitest';
import type { Role } from '@app/contracts';
import { paths } from './paths.ts';
import { menuLinks } from '../shell/menu-entries.ts';
import { accessRuleFor, mayOpen, type AccessSubject } from './route-access.ts';

const subject = (role: Role, isIntegrated = false): AccessSubject => ({
  role,
  hasTenant: role !== 'SuperAdmin',
  isIntegrated,
});

const ROLES: Role[] = ['StoreOwner', 'StoreManager', 'OrderTaker', 'SuperAdmin'];
const who = (path: string, isIntegrated = false) =>
  ROLES.filter((role) => mayOpen(path, subject(role, isIntegrated)));

describe('route access', () => {
  it('has a rule for every side menu link', () => {
    const links = menuLinks();
    expect(links.filter((link) => !accessRuleFor(link.path)).map((link) => link.path)).toEqual([]);
  });

  it.each([
    // operations-platform §2.1 and §6
    [paths.dashboard, ['StoreOwner']],
    [paths.liveOrders, ['StoreOwner', 'StoreManager', 'OrderTaker']],
    ['/admin/tickets/view/abc', ['StoreOwner', 'StoreManager', 'OrderTaker']],
    [paths.allTicketsReport, ['StoreOwner', 'StoreManager', 'OrderTaker']],
    [paths.discounts, ['StoreOwner', 'StoreManager']],
    ['/admin/marketing/discounts/new', ['StoreOwner', 'StoreManager']],
    [paths.acceptOrders, ['StoreOwner', 'StoreManager']],
    [paths.operatingStatus, ['StoreOwner', 'StoreManager']],
    [paths.branchSettings, ['StoreOwner']],
    ['/admin/settings/profile/b1', ['StoreOwner']],
    ['/admin/settings/profile/b1/serviceareas', ['StoreOwner']],
    ['/admin/settings/profile/b1/deliveryFees', ['StoreOwner']],
    ['/admin/settings/profile/b1/talabatexpress', ['StoreOwner']],
    [
      '/admin/settings/profile/b1/serviceareas-paymentmethods',
      ['StoreOwner', 'StoreManager', 'OrderTaker'],
    ],
    [paths.branding, ['StoreOwner']],
    ['/admin/tablebill/live-payments', ['StoreOwner']],
    [paths.tenants, ['SuperAdmin']],
    [paths.unverifiedTickets, ['SuperAdmin']],
    // menu-management §2 and §6
    [paths.catalog, ['StoreOwner', 'StoreManager']],
    ['/admin/catalog/v2/categories/c1', ['StoreOwner', 'StoreManager']],
    [paths.modifierGroups, ['StoreOwner', 'StoreManager']],
    [paths.localizeMenu, ['StoreOwner', 'StoreManager']],
    ['/admin/localize/item/i1', ['StoreOwner', 'StoreManager']],
    [paths.priceAdjustments, ['StoreOwner']],
    ['/admin/catalog/price-adjustments/new', ['StoreOwner']],
    [paths.catalogArrange, ['StoreOwner']],
    [paths.posMapping, ['StoreOwner']],
    [paths.bulkUpload, ['StoreOwner']],
  ])('%s is open to %j', (path, roles) => {
    expect(who(path)).toEqual(roles);
  });

  it('keeps the read-only catalogue for integrated tenants and closes localize', () => {
    expect(who(paths.catalog, true)).toEqual(['StoreOwner', 'StoreManager']);
    expect(who(paths.localizeMenu, true)).toEqual([]);
    expect(who(paths.modifierGroups, true)).toEqual(['StoreOwner', 'StoreManager']);
    expect(who(paths.priceAdjustments, true)).toEqual(['StoreOwner']);
    expect(who(paths.liveOrders, true)).toEqual(['StoreOwner', 'StoreManager', 'OrderTaker']);
  });

  it('opens nothing to a user without a tenant, and knows no other admin path', () => {
    const noTenant = { role: 'StoreOwner', hasTenant: false, isIntegrated: false } as const;
    expect(mayOpen(paths.dashboard, noTenant)).toBe(false);
    expect(mayOpen(paths.liveOrders, null)).toBe(false);
    expect(accessRuleFor('/admin/no-such-page')).toBeUndefined();
    expect(accessRuleFor('/admin/settings/somewhere')).toBeUndefined();
    expect(accessRuleFor('/auth/loginlanding')).toBeUndefined();
  });
});
