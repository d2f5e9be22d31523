import { queryOptions } from '@tanstack/react-query';
import { storefrontRoutes } from '@app/contracts';
import { callApi } from './api-client.ts';

/** Where the storefront preview opens for each branch (the server knows the storefront's address). */
export const storefrontPreviewQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['storefront', tenantId, 'preview'] as const,
    queryFn: ({ signal }) =>
      callApi(storefrontRoutes.preview, { params: { tenantId } }, { signal }),
  });
