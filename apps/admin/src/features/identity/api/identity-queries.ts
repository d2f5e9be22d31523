import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityRoutes, type TenantProfile } from '@app/contracts';
import { callApi, isApiError } from '../../../lib/api-client.ts';

/** What the SPA sends when it has no tenant stored (spec §7.3). */
export const NO_PREFERRED_TENANT = 'notset';

/** Keys per signed-in user, so one user never sees another's cached answers. */
export const identityKeys = {
  all: ['identity'] as const,
  user: (userId: string) => [...identityKeys.all, userId] as const,
  me: (userId: string) => [...identityKeys.user(userId), 'me'] as const,
  tenants: (userId: string) => [...identityKeys.user(userId), 'tenants'] as const,
  profile: (userId: string, preferredTenantId: string) =>
    [...identityKeys.user(userId), 'profile', preferredTenantId] as const,
};

export const currentUserQuery = (userId: string) =>
  queryOptions({
    queryKey: identityKeys.me(userId),
    queryFn: ({ signal }) => callApi(identityRoutes.me, {}, { signal }),
    staleTime: Infinity,
  });

export const userTenantsQuery = (userId: string) =>
  queryOptions({
    queryKey: identityKeys.tenants(userId),
    queryFn: ({ signal }) => callApi(identityRoutes.userTenants, {}, { signal }),
  });

/** The profile of the preferred tenant (else the user's first); null when they have none. */
export const tenantProfileQuery = (userId: string, preferredTenantId: string) =>
  queryOptions({
    queryKey: identityKeys.profile(userId, preferredTenantId),
    queryFn: async ({ signal }): Promise<TenantProfile | null> => {
      try {
        return await callApi(
          identityRoutes.tenantProfile,
          { query: { preferredTenantId } },
          { signal },
        );
      } catch (error) {
        // Spec §8: a profile 404 means signed in but without a tenant.
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });

export function useCurrentUser(userId: string | null) {
  return useQuery({ ...currentUserQuery(userId ?? ''), enabled: userId !== null });
}

export function useUserTenants(userId: string | null) {
  return useQuery({ ...userTenantsQuery(userId ?? ''), enabled: userId !== null });
}

export function useTenantProfile(userId: string | null, preferredTenantId: string) {
  return useQuery({
    ...tenantProfileQuery(userId ?? '', preferredTenantId),
    enabled: userId !== null,
  });
}
