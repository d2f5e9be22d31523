import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import type { CurrentUser, TenantProfile, UserTenant } from '@app/contracts';
import {
  NO_PREFERRED_TENANT,
  useCurrentUser,
  useTenantProfile,
  useUserTenants,
} from '../features/identity/api/identity-queries.ts';
import {
  getAuth,
  loadSignedInUser,
  mayHaveStoredUser,
  onAuthBuilt,
  takeTenantLanguageRequest,
  type Auth,
} from '../lib/auth.ts';
import { applyTenantDefaultLanguage } from '../lib/i18n.ts';
import {
  readStoredTenantId,
  resolveRole,
  SessionProvider,
  SIGNED_OUT,
  type Session,
  type SessionTenant,
} from '../lib/session.tsx';

type AuthState =
  | { phase: 'starting' }
  | { phase: 'ready'; user: User; roleClaim: string }
  | { phase: 'ready'; user: null }
  // The auth config could not be read: nobody can be signed in; signing in will say so.
  | { phase: 'unavailable' };

/** The session of a signed-in user once the server has told who they are and where. */
export function signedInSession(input: {
  me: CurrentUser;
  tenants: readonly UserTenant[];
  profile: TenantProfile | null;
  roleClaim: unknown;
}): Session {
  const { me, profile } = input;
  const tenants: SessionTenant[] = input.tenants.map((tenant) => ({
    tenantId: tenant.tenantId,
    localizedName: tenant.localizedName,
    // The profile is the fresher word on the current tenant.
    isIntegrated:
      tenant.tenantId === profile?.tenantId ? profile.isIntegrated : tenant.isIntegrated,
    defaultAdminLanguage: tenant.defaultAdminLanguage,
    role: tenant.role,
  }));
  return {
    status: 'signedIn',
    user: {
      name: me.name,
      email: me.email,
      role: resolveRole({
        isSuperAdmin: me.isSuperAdmin,
        membershipRole: profile?.role,
        roleClaim: input.roleClaim,
      }),
    },
    // A super admin passes the tenant check without a profile and works on the platform.
    tenantId: me.isSuperAdmin ? null : (profile?.tenantId ?? null),
    tenants: me.isSuperAdmin ? [] : tenants,
    profile: me.isSuperAdmin ? null : profile,
  };
}

const LOADING: Session = { ...SIGNED_OUT, status: 'loading' };
const SIGNED_OUT_AUTH: AuthState = { phase: 'ready', user: null };
const FAILED: Session = { ...SIGNED_OUT, status: 'failed' };

/**
 * The real session (spec §4.5): the OIDC user of this tab, then who the server says they are,
 * their tenants and the profile of the stored tenant ('notset' when none is stored).
 */
export function AuthSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Nobody signed in in this tab: no need for the OIDC library until a sign-in starts.
  const [storedUser] = useState(mayHaveStoredUser);
  const [auth, setAuth] = useState<AuthState>(storedUser ? { phase: 'starting' } : SIGNED_OUT_AUTH);

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    const follow = ({ config, userManager }: Auth) => {
      unsubscribe();
      const { events } = userManager;
      const onLoaded = (user: User) =>
        setAuth({ phase: 'ready', user, roleClaim: config.roleClaim });
      const onUnloaded = () => {
        // Nothing of the previous user may show to the next one.
        queryClient.clear();
        setAuth({ phase: 'ready', user: null });
      };
      events.addUserLoaded(onLoaded);
      events.addUserUnloaded(onUnloaded);
      unsubscribe = () => {
        events.removeUserLoaded(onLoaded);
        events.removeUserUnloaded(onUnloaded);
      };
    };
    const stopListening = onAuthBuilt(follow);
    if (storedUser) {
      Promise.all([getAuth(), loadSignedInUser()]).then(
        ([{ config }, user]) => {
          if (!active) return;
          setAuth(user ? { phase: 'ready', user, roleClaim: config.roleClaim } : SIGNED_OUT_AUTH);
        },
        (error: unknown) => {
          console.error('sign-in is unavailable', error);
          if (active) setAuth({ phase: 'unavailable' });
        },
      );
    }
    return () => {
      active = false;
      stopListening();
      unsubscribe();
    };
  }, [queryClient, storedUser]);

  const oidcUser = auth.phase === 'ready' ? auth.user : null;
  const userId = oidcUser?.profile.sub ?? null;
  const preferredTenantId = readStoredTenantId() ?? NO_PREFERRED_TENANT;
  const roleClaim =
    auth.phase === 'ready' && auth.user
      ? (auth.user.profile[auth.roleClaim] as unknown)
      : undefined;
  const me = useCurrentUser(userId);
  const tenants = useUserTenants(userId);
  // A super admin works without a tenant profile (spec §6): no need to ask for one.
  const needsProfile = roleClaim !== 'SuperAdmin';
  // Asked alongside the tenants when a tenant was chosen on this browser before; else once the
  // tenants are known, and not at all without one (a new user: its 404 is no error to log).
  const knownTenant = preferredTenantId !== NO_PREFERRED_TENANT;
  const noTenant = !knownTenant && tenants.data?.length === 0;
  const askProfile = needsProfile && (knownTenant || (tenants.data?.length ?? 0) > 0);
  const profile = useTenantProfile(askProfile ? userId : null, preferredTenantId);

  const session = useMemo<Session>(() => {
    if (auth.phase === 'starting') return LOADING;
    if (!userId) return SIGNED_OUT;
    if (me.isError || tenants.isError || profile.isError) return FAILED;
    const profileData = needsProfile && !noTenant ? profile.data : null;
    if (!me.data || !tenants.data || profileData === undefined) return LOADING;
    return signedInSession({ me: me.data, tenants: tenants.data, profile: profileData, roleClaim });
  }, [
    auth.phase,
    userId,
    me.isError,
    me.data,
    tenants.isError,
    tenants.data,
    profile.isError,
    profile.data,
    needsProfile,
    noTenant,
    roleClaim,
  ]);

  const defaultLanguage = session.profile?.defaultAdminLanguage;
  useEffect(() => {
    if (session.status !== 'signedIn') return;
    // Right after a sign-in or tenant switch the tenant's default language applies (spec §1);
    // a language the user picks afterwards then holds until the next one.
    if (takeTenantLanguageRequest() && defaultLanguage) {
      void applyTenantDefaultLanguage(defaultLanguage);
    }
  }, [session.status, defaultLanguage]);

  return <SessionProvider session={session}>{children}</SessionProvider>;
}
