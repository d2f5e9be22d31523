import { describe, expect, it } from 'vitest';
import type { UserTenant } from '@app/contracts';
import { signedInSession } from '../app/auth-session.tsx';
import { resolveRole } from './session.tsx';
import { TEST_PROFILE, TEST_TENANT } from '../test/app-render.tsx';

const me = {
  userId: '55555555-5555-4555-8555-555555555555',
  email: 'someone@demo.local',
  name: 'Someone',
  isSuperAdmin: false,
  emailVerified: true,
};
const tenant = (role: UserTenant['role'], isIntegrated = false): UserTenant => ({
  ...TEST_TENANT,
  role,
  isIntegrated,
  defaultCurrency: 'JOD',
  view_ShowSection: true,
  branches: [],
});

describe('the role in the current tenant', () => {
  it('is SuperAdmin for a platform admin, whatever else is said', () => {
    expect(
      resolveRole({ isSuperAdmin: true, membershipRole: 'OrderTaker', roleClaim: 'OrderTaker' }),
    ).toBe('SuperAdmin');
  });

  it('follows the membership over the token claim, as the server does', () => {
    expect(
      resolveRole({ isSuperAdmin: false, membershipRole: 'OrderTaker', roleClaim: 'StoreOwner' }),
    ).toBe('OrderTaker');
  });

  it('falls back to the claim, and treats a user without one as a store owner (spec §4.5)', () => {
    const noMembership = { isSuperAdmin: false, membershipRole: undefined };
    expect(resolveRole({ ...noMembership, roleClaim: 'StoreManager' })).toBe('StoreManager');
    expect(resolveRole({ ...noMembership, roleClaim: undefined })).toBe('StoreOwner');
    expect(resolveRole({ ...noMembership, roleClaim: 'Janitor' })).toBe('StoreOwner');
  });
});

describe('the signed-in session', () => {
  it('takes the current tenant, its role and integration from the profile', () => {
    const session = signedInSession({
      me,
      tenants: [tenant('StoreManager', false)],
      profile: { ...TEST_PROFILE, role: 'StoreManager', isIntegrated: true },
      roleClaim: 'StoreOwner',
    });
    expect(session.status).toBe('signedIn');
    expect(session.user).toEqual({
      name: 'Someone',
      email: 'someone@demo.local',
      role: 'StoreManager',
    });
    expect(session.tenantId).toBe(TEST_TENANT.tenantId);
    expect(session.tenants).toEqual([expect.objectContaining({ isIntegrated: true })]);
    expect(session.profile?.branchProfiles).toHaveLength(2);
  });

  it('gives a super admin no tenant', () => {
    const session = signedInSession({
      me: { ...me, isSuperAdmin: true },
      tenants: [],
      profile: null,
      roleClaim: 'SuperAdmin',
    });
    expect(session.user?.role).toBe('SuperAdmin');
    expect(session.tenantId).toBeNull();
  });

  it('leaves a user whose profile was a 404 without a tenant', () => {
    const session = signedInSession({ me, tenants: [], profile: null, roleClaim: undefined });
    expect(session.tenantId).toBeNull();
    expect(session.user?.role).toBe('StoreOwner');
  });
});
