import { queryOptions } from '@tanstack/react-query';
import { catalogKeys } from '../../../lib/catalog-queries.ts';
import { localizationApi } from './localization-api.ts';

/** The same keys as the editors': a translation saved here refreshes every open editor. */
export const categoryQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.category(tenantId, id),
    queryFn: ({ signal }) => localizationApi.category(tenantId, id, { signal }),
    staleTime: 0,
  });

export const itemQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.item(tenantId, id),
    queryFn: ({ signal }) => localizationApi.item(tenantId, id, { signal }),
    staleTime: 0,
  });

export const modifierGroupQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.modifierGroup(tenantId, id),
    queryFn: ({ signal }) => localizationApi.modifierGroup(tenantId, id, { signal }),
    staleTime: 0,
  });
