import { describe, expect, it } from 'vitest';
import { landingPath } from './landing.ts';
import { sessionFor, signedOutSession } from '../test/app-render.tsx';

describe('where a user lands after signing in (spec §2.2)', () => {
  it.each([
    ['StoreOwner', '/admin/dashboard/main-dashboard'],
    ['StoreManager', '/admin/tickets/manage'],
    ['OrderTaker', '/admin/tickets/manage'],
    ['SuperAdmin', '/admin/tenants'],
  ] as const)('a %s without a stored path lands on %s', (role, path) => {
    expect(landingPath(sessionFor(role), null)).toBe(path);
  });

  it.each(['StoreOwner', 'StoreManager', 'OrderTaker', 'SuperAdmin'] as const)(
    'a %s goes to the stored path first',
    (role) => {
      expect(landingPath(sessionFor(role), '/admin/reports/all-tickets')).toBe(
        '/admin/reports/all-tickets',
      );
    },
  );

  it('sends a user without a tenant to the outlet sign-up, stored path or not', () => {
    const noTenant = sessionFor('StoreOwner', { tenantId: null, tenants: [], profile: null });
    expect(landingPath(noTenant, null)).toBe('/signup/outlet-signup-profile');
    expect(landingPath(noTenant, '/admin/dashboard/main-dashboard')).toBe(
      '/signup/outlet-signup-profile',
    );
  });

  it('sends nobody anywhere but the login landing while signed out', () => {
    expect(landingPath(signedOutSession, '/admin/tickets/manage')).toBe('/auth/loginlanding');
  });
});
