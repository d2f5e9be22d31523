import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformRoutes } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';

export const platformKeys = {
  all: ['platform'] as const,
  tenants: () => [...platformKeys.all, 'tenants'] as const,
};

export const allTenantsQuery = () =>
  queryOptions({
    queryKey: platformKeys.tenants(),
    queryFn: ({ signal }) => callApi(platformRoutes.tenants, {}, { signal }),
  });

/** Every tenant of the platform (super admin). */
export function useAllTenants() {
  return useQuery(allTenantsQuery());
}
