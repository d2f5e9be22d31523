import { describe, expect, it } from 'vitest';
import { type Permission, Role, permissionsFor } from './permissions.ts';

const sorted = (set: Set<Permission>) => [...set].sort();

describe('permissionsFor', () => {
  it('gives an order taker live tickets and item availability only', () => {
    expect(sorted(permissionsFor({ role: 'OrderTaker', isIntegrated: false }))).toEqual([
      'ItemAvailability',
      'LiveTickets',
    ]);
  });

  it('gives a store manager the manager set', () => {
    expect(sorted(permissionsFor({ role: 'StoreManager', isIntegrated: false }))).toEqual([
      'Discounts',
      'ItemAvailability',
      'LiveTickets',
      'ManageCatalog',
      'OperatingStatus',
      'ServiceAreaPaymentMethods',
    ]);
  });

  it('gives a store owner the manager set and the owner set', () => {
    expect(sorted(permissionsFor({ role: 'StoreOwner', isIntegrated: false }))).toEqual([
      'Branding',
      'Discounts',
      'ItemAvailability',
      'LiveTickets',
      'LocalizeCatalog',
      'MainDashboard',
      'ManageCatalog',
      'ManageModifiers',
      'OperatingStatus',
      'PosItemMapping',
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

  it('removes catalogue management and localize for an integrated tenant', () => {
    for (const role of Role.options) {
      const plain = permissionsFor({ role, isIntegrated: false });
      const integrated = permissionsFor({ role, isIntegrated: true });
      expect(integrated.has('ManageCatalog')).toBe(false);
      expect(integrated.has('LocalizeCatalog')).toBe(false);
      plain.delete('ManageCatalog');
      plain.delete('LocalizeCatalog');
      expect(sorted(integrated)).toEqual(sorted(plain));
    }
  });

  it('keeps item availability for every tenant user of an integrated tenant', () => {
    for (const role of ['OrderTaker', 'StoreManager', 'StoreOwner'] as const) {
      expect(permissionsFor({ role, isIntegrated: true }).has('ItemAvailability')).toBe(true);
    }
  });

  it('returns a fresh set each call', () => {
    const a = permissionsFor({ role: 'StoreOwner', isIntegrated: false });
    a.clear();
    expect(permissionsFor({ role: 'StoreOwner', isIntegrated: false }).size).toBe(14);
  });
});
