import { describe, expect, it } from 'vitest';
import {
  type Permission,
  Role,
  hasPermission,
  permissionsFor,
  rolesFor,
  isRemovedWhenIntegrated,
} from './access.ts';

const sorted = (set: Set<Permission>) => [...set].sort();

describe('permissionsFor', () => {
  it('gives an order taker what every member gets, reports and per-table payment mode', () => {
    expect(sorted(permissionsFor({ role: 'OrderTaker', isIntegrated: false }))).toEqual([
      'EmailVerification',
      'ItemAvailability',
      'LiveTickets',
      'Reports',
      'ServiceAreaPaymentMethods',
    ]);
  });

  it('gives a store manager catalog v2, modifier groups and localization (menu-management §2)', () => {
    expect(sorted(permissionsFor({ role: 'StoreManager', isIntegrated: false }))).toEqual([
      'AuditLog',
      'Discounts',
      'EditModifiers',
      'EmailVerification',
      'ItemAvailability',
      'LiveTickets',
      'LocalizeCatalog',
      'ManageCatalog',
      'ManageModifiers',
      'OperatingStatus',
      'Reports',
      'ServiceAreaPaymentMethods',
    ]);
  });

  it('gives a store owner every tenant right and no platform right', () => {
    expect(sorted(permissionsFor({ role: 'StoreOwner', isIntegrated: false }))).toEqual([
      'ArrangeCatalog',
      'AuditLog',
      'Branding',
      'BulkUpload',
      'Discounts',
      'EditCatalog',
      'EditModifiers',
      'EditPriceAdjustments',
      'EditSchedules',
      'EmailVerification',
      'ItemAvailability',
      'LiveTickets',
      'LocalizeCatalog',
      'MainDashboard',
      'ManageCatalog',
      'ManageModifiers',
      'OperatingStatus',
      'PosItemMapping',
      'PriceAdjustments',
      'Reports',
      'ServiceAreaPaymentMethods',
      'StoreSettings',
      'TableBillPayments',
    ]);
  });

  it('gives a super admin only the tenant list and unverified tickets', () => {
    for (const isIntegrated of [false, true]) {
      expect(sorted(permissionsFor({ role: 'SuperAdmin', isIntegrated }))).toEqual([
        'TenantsList',
        'UnverifiedTickets',
      ]);
    }
  });

  it('takes editing and localize away from an integrated tenant, and nothing else', () => {
    for (const role of Role.options.filter((r) => r !== 'SuperAdmin')) {
      const plain = permissionsFor({ role, isIntegrated: false });
      const integrated = permissionsFor({ role, isIntegrated: true });
      for (const p of [
        'EditCatalog',
        'LocalizeCatalog',
        'EditModifiers',
        'EditPriceAdjustments',
        'BulkUpload',
      ] as const) {
        expect(integrated.has(p)).toBe(false);
        plain.delete(p);
      }
      expect(sorted(integrated)).toEqual(sorted(plain));
    }
  });

  it('keeps the catalogue readable and schedules editable for an integrated owner', () => {
    const owner = { role: 'StoreOwner', isIntegrated: true } as const;
    expect(hasPermission(owner, 'ManageCatalog')).toBe(true);
    expect(hasPermission(owner, 'EditSchedules')).toBe(true);
    expect(isRemovedWhenIntegrated('EditSchedules')).toBe(false);
    // Price adjustments stay readable; writing them is the point of sale's business.
    expect(hasPermission(owner, 'PriceAdjustments')).toBe(true);
    expect(hasPermission(owner, 'EditPriceAdjustments')).toBe(false);
  });

  it('lists the roles of a permission the same way the sets do', () => {
    for (const permission of permissionsFor({ role: 'StoreOwner', isIntegrated: false })) {
      for (const role of ['OrderTaker', 'StoreManager', 'StoreOwner'] as const) {
        expect(rolesFor(permission).includes(role)).toBe(
          hasPermission({ role, isIntegrated: false }, permission),
        );
      }
    }
    expect(rolesFor('TenantsList')).toEqual([]);
  });
});
