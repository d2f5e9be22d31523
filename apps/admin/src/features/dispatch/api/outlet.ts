import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dispatchRoutes,
  outletSettingsRoutes,
  type OutletBody,
  type OutletConfig,
} from '@app/contracts';
import { callApi, isApiError } from '../../../lib/api-client.ts';

/** Query keys of the dispatch area's screens. */
export const outletKeys = {
  all: ['dispatch'] as const,
  outlet: (tenantId: string, branchId: string) =>
    [...outletKeys.all, 'outlet', tenantId, branchId] as const,
  branch: (tenantId: string, branchId: string) =>
    [...outletKeys.all, 'branch', tenantId, branchId] as const,
};

/** The talabatExpress/outlet calls of spec §7.3; the branch profile gives a new outlet's defaults. */
export const outletApi = {
  /** null: no outlet yet (the server's 404, spec §4.4). */
  outlet: async (tenantId: string, branchId: string, signal?: AbortSignal) => {
    try {
      return await callApi(dispatchRoutes.outlet, { params: { tenantId, branchId } }, { signal });
    } catch (error) {
      if (isApiError(error, 404)) return null;
      throw error;
    }
  },
  save: (tenantId: string, branchId: string, body: OutletBody) =>
    callApi(dispatchRoutes.saveOutlet, { params: { tenantId, branchId }, body }),
  branch: (tenantId: string, branchId: string, signal?: AbortSignal) =>
    callApi(outletSettingsRoutes.profile, { params: { tenantId, branchId } }, { signal }),
};

export const useOutlet = (tenantId: string, branchId: string) =>
  useQuery({
    queryKey: outletKeys.outlet(tenantId, branchId),
    queryFn: ({ signal }) => outletApi.outlet(tenantId, branchId, signal),
  });

export const useOutletBranch = (tenantId: string, branchId: string) =>
  useQuery({
    queryKey: outletKeys.branch(tenantId, branchId),
    queryFn: ({ signal }) => outletApi.branch(tenantId, branchId, signal),
  });

/** Creates or saves the outlet; the answer becomes the outlet shown (a new one now exists). */
export function useSaveOutlet(tenantId: string, branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutletBody) => outletApi.save(tenantId, branchId, body),
    onSuccess: (outlet: OutletConfig) =>
      queryClient.setQueryData(outletKeys.outlet(tenantId, branchId), outlet),
  });
}
