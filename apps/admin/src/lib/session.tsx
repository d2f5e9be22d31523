import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  MembershipRole,
  permissionsFor,
  type Permission,
  type Role,
  type TenantProfile,
  type TenantSummary,
} from '@app/contracts';
import { requestTenantLanguage } from './auth.ts';
import { landingPathOf } from './pages.ts';

export interface SessionUser {
  name: string;
  email: string;
  /** The role in the current tenant; SuperAdmin for a platform admin. */
  role: Role;
}

/** What the shell needs to know about each tenant the user belongs to. */
export type SessionTenant = Pick<
  TenantSummary,
  'tenantId' | 'localizedName' | 'isIntegrated' | 'defaultAdminLanguage'
> & {
  /** The user's role in this tenant. */
  role: MembershipRole;
};

/**
 * loading: sign-in state or the user's tenants are still being read; signedOut: nobody is
 * signed in; signedIn: everything below is known; failed: the user's tenants could not be read.
 */
export type SessionStatus = 'loading' | 'signedOut' | 'signedIn' | 'failed';

export interface Session {
  status: SessionStatus;
  /** null unless signed in. */
  user: SessionUser | null;
  /** The tenant the admin is working in; null for a super admin or a user without one. */
  tenantId: string | null;
  tenants: readonly SessionTenant[];
  /** The current tenant's profile (spec §3): branches and their status, taxes, view. */
  profile: TenantProfile | null;
}

export const SIGNED_OUT: Session = {
  status: 'signedOut',
  user: null,
  tenantId: null,
  tenants: [],
  profile: null,
};

export const TENANT_STORAGE_KEY = 'tenantId';

const SessionContext = createContext<Session | null>(null);

/** Provides a Session; the app builds it from sign-in (AuthSessionProvider), tests by hand. */
export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}

export function useCurrentTenant(): SessionTenant | null {
  const { tenantId, tenants } = useSession();
  return tenants.find((tenant) => tenant.tenantId === tenantId) ?? null;
}

const NO_PERMISSIONS: ReadonlySet<Permission> = new Set();

/**
 * The rights of the signed-in user in the current tenant, from the contracts' one table of
 * rights (the server computes the profile's `permissions` and guards its routes from it too).
 */
export function usePermissions(): ReadonlySet<Permission> {
  const { user, profile } = useSession();
  const tenant = useCurrentTenant();
  const role = user?.role;
  const isIntegrated = profile?.isIntegrated ?? tenant?.isIntegrated ?? false;
  return useMemo(() => {
    if (!role) return NO_PERMISSIONS;
    // A super admin works without a tenant; everyone else needs one.
    if (role !== 'SuperAdmin' && !tenant) return NO_PERMISSIONS;
    return permissionsFor({ role, isIntegrated });
  }, [role, isIntegrated, tenant]);
}

/**
 * The role in the current tenant. The server decides every call from the membership, so the
 * membership wins; the token's role claim only matters without one, and spec §4.5 treats a
 * user without a role claim as a store owner.
 */
export function resolveRole(input: {
  isSuperAdmin: boolean;
  membershipRole: MembershipRole | undefined;
  roleClaim: unknown;
}): Role {
  if (input.isSuperAdmin) return 'SuperAdmin';
  if (input.membershipRole) return input.membershipRole;
  const claimed = MembershipRole.safeParse(input.roleClaim);
  return claimed.success ? claimed.data : 'StoreOwner';
}

export function readStoredTenantId(): string | null {
  try {
    return window.localStorage.getItem(TENANT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Spec §4.5: remember the chosen tenant and reload the app in it. The spec reloads to the
 * main dashboard, which only owners may open (§6); other roles reload to live orders.
 */
export function switchTenant(tenant: Pick<SessionTenant, 'tenantId' | 'role'>): void {
  try {
    window.localStorage.setItem(TENANT_STORAGE_KEY, tenant.tenantId);
  } catch {
    // Without storage the reload falls back to the first tenant.
  }
  // The new tenant's default language applies, as after a sign-in (spec §1).
  requestTenantLanguage();
  window.location.assign(landingPathOf(tenant.role));
}
