import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlatformTenant } from '@app/contracts';
import { api } from '../../../lib/api-client.ts';

export const platformKeys = {
  all: ['platform'] as const,
  tenants: () => [...platformKeys.all, 'tenants'] as const,
};

export const allTenantsQuery = () =>
  queryOptions({
    queryKey: platformKeys.tenants(),
    queryFn: ({ signal }) =>
      api.get('/api/admin/tenants/all', { schema: PlatformTenant.array(), signal }),
  });

/** Every tenant of the platform (super admin). */
export function useAllTenants() {
  return useQuery(allTenantsQuery());
}
