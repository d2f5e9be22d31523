import { paths } from './paths.ts';
import { landingPathOf } from './pages.ts';
import type { Session } from './session.tsx';

/**
 * Where a user goes right after signing in (spec §2.2): a user without a tenant to the outlet
 * sign-up (a super admin needs none); else the stored path they tried before signing in;
 * else super admins to the tenants list, owners to the main dashboard, others to live orders.
 */
export function landingPath(session: Session, storedPath: string | null): string {
  const { user } = session;
  if (!user) return paths.loginLanding;
  const hasTenant = session.tenants.some((tenant) => tenant.tenantId === session.tenantId);
  if (user.role !== 'SuperAdmin' && !hasTenant) return paths.outletSignup;
  return storedPath ?? landingPathOf(user.role);
}
