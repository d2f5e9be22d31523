import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { permissionsFor, type Permission, type Role, type TenantSummary } from '@app/contracts';
import { paths } from '../lib/paths.ts';

export interface SessionUser {
  name: string;
  email: string;
  role: Role;
}

/** What the shell needs to know about each tenant the user belongs to. */
export type SessionTenant = Pick<
  TenantSummary,
  'tenantId' | 'localizedName' | 'isIntegrated' | 'defaultAdminLanguage'
>;

export interface Session {
  /** null while nobody is signed in. */
  user: SessionUser | null;
  /** The tenant the admin is working in; null for a super admin or a user without one. */
  tenantId: string | null;
  tenants: readonly SessionTenant[];
}

export const TENANT_STORAGE_KEY = 'tenantId';

const SessionContext = createContext<Session | null>(null);

/** Whoever owns sign-in builds the Session and provides it here. */
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

/** The signed-in user's permissions in the current tenant (spec §6). */
export function usePermissions(): ReadonlySet<Permission> {
  const { user } = useSession();
  const tenant = useCurrentTenant();
  const role = user?.role;
  const isIntegrated = tenant?.isIntegrated ?? false;
  return useMemo(() => {
    if (!role) return NO_PERMISSIONS;
    // A super admin works without a tenant; everyone else needs one.
    if (role !== 'SuperAdmin' && !tenant) return NO_PERMISSIONS;
    return permissionsFor({ role, isIntegrated });
  }, [role, isIntegrated, tenant]);
}

function readStoredTenantId(): string | null {
  try {
    return window.localStorage.getItem(TENANT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored tenant if the user still belongs to it, else their first one. */
export function chooseTenantId(
  tenants: readonly SessionTenant[],
  stored: string | null = readStoredTenantId(),
): string | null {
  return (
    tenants.find((tenant) => tenant.tenantId === stored)?.tenantId ?? tenants[0]?.tenantId ?? null
  );
}

/** Spec §4.5: remember the chosen tenant and reload the app on its main dashboard. */
export function switchTenant(tenantId: string): void {
  try {
    window.localStorage.setItem(TENANT_STORAGE_KEY, tenantId);
  } catch {
    // Without storage the reload falls back to the first tenant.
  }
  window.location.assign(paths.dashboard);
}

const DEV_TENANTS: readonly SessionTenant[] = [
  {
    tenantId: '00000000-0000-4000-8000-000000000001',
    localizedName: {
      fieldValue: 'Demo Kitchen',
      en: 'Demo Kitchen',
      ar: 'مطبخ تجريبي',
      es: 'Cocina de demostración',
    },
    isIntegrated: false,
    defaultAdminLanguage: 'en',
  },
  {
    tenantId: '00000000-0000-4000-8000-000000000002',
    localizedName: {
      fieldValue: 'Demo Grill',
      en: 'Demo Grill',
      ar: 'مشاوي تجريبية',
      es: 'Parrilla de demostración',
    },
    isIntegrated: false,
    defaultAdminLanguage: 'en',
  },
];

/**
 * Placeholder until sign-in exists: a store owner of two demo tenants, so the shell renders.
 * The sign-in work replaces this provider with one fed by the identity provider.
 */
export function DevSessionProvider({ children }: { children: ReactNode }) {
  const session = useMemo<Session>(
    () => ({
      user: { name: 'Demo Owner', email: 'owner@example.com', role: 'StoreOwner' },
      tenantId: chooseTenantId(DEV_TENANTS),
      tenants: DEV_TENANTS,
    }),
    [],
  );
  return <SessionProvider session={session}>{children}</SessionProvider>;
}
