import { queryOptions } from '@tanstack/react-query';
import { catalogKeys } from '../../../lib/catalog-queries.ts';
import { modifierGroupsApi } from './modifier-groups-api.ts';

export const modifierGroupQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.modifierGroup(tenantId, id),
    queryFn: ({ signal }) => modifierGroupsApi.group(tenantId, id, { signal }),
    staleTime: 0,
  });

/** The items using a group ('Used in the following Items'). */
export const linkedItemsQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.linkedItems(tenantId, id),
    queryFn: ({ signal }) => modifierGroupsApi.linkedItems(tenantId, id, { signal }),
    staleTime: 0,
  });
