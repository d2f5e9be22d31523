import { queryOptions } from '@tanstack/react-query';
import { catalogKeys } from '../../../lib/catalog-queries.ts';
import { priceAdjustmentsApi } from './price-adjustments-api.ts';

export const priceAdjustmentsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: catalogKeys.priceAdjustments(tenantId),
    queryFn: ({ signal }) => priceAdjustmentsApi.list(tenantId, { signal }),
  });

export const priceAdjustmentQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.priceAdjustment(tenantId, id),
    queryFn: ({ signal }) => priceAdjustmentsApi.get(tenantId, id, { signal }),
    staleTime: 0,
  });

export const priceAdjustmentScheduleQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: catalogKeys.priceAdjustmentSchedule(tenantId, id),
    queryFn: ({ signal }) => priceAdjustmentsApi.schedule(tenantId, id, { signal }),
    staleTime: 0,
  });
