import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { platformRoutes } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

export const platformKeys = {
  all: ['platform'] as const,
  tenants: (search: string) => [...platformKeys.all, 'tenants', search] as const,
  tenant: (id: string) => [...platformKeys.all, 'tenant', id] as const,
  unverified: (olderThanMinutes: number | null) =>
    [...platformKeys.all, 'unverified', olderThanMinutes] as const,
};

export const allTenantsQuery = (search = '') =>
  queryOptions({
    queryKey: platformKeys.tenants(search),
    queryFn: ({ signal }) =>
      callApi(platformRoutes.tenants, { query: search ? { search } : {} }, { signal }),
  });

/** Every tenant of the platform, or those matching the search (super admin). */
export function useAllTenants(search = '') {
  return useQuery({ ...allTenantsQuery(search), placeholderData: keepPreviousData });
}

export function useTenantDetails(id: string) {
  return useQuery({
    queryKey: platformKeys.tenant(id),
    queryFn: ({ signal }) => callApi(platformRoutes.tenantDetails, { params: { id } }, { signal }),
  });
}

/** Activates or deactivates a tenant; the list and its details read again. */
export function useSetTenantActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; active: boolean }) =>
      callApi(platformRoutes.tenantStatus, {
        params: { id: input.id },
        body: { active: input.active },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.all }),
  });
}

/** Tickets left unaccepted; null asks for the server's setting. Refreshed every minute. */
export function useUnverifiedTickets(olderThanMinutes: number | null) {
  return useQuery({
    queryKey: platformKeys.unverified(olderThanMinutes),
    queryFn: ({ signal }) =>
      callApi(
        platformRoutes.unverifiedTickets,
        { query: olderThanMinutes === null ? {} : { olderThanMinutes } },
        { signal },
      ),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
