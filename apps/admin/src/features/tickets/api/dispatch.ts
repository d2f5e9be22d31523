import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DISPATCH_POLL,
  dispatchRoutes as routes,
  type DispatchConfig,
  type DriverDispatch,
} from '@app/contracts';
import { callApi, isApiError } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** Query keys of a ticket's dispatch; under ticketKeys.all so every ticket action refreshes them. */
export const dispatchKeys = {
  config: (tenantId: string, ticketId: string) =>
    [...ticketKeys.all, 'dispatch', 'config', tenantId, ticketId] as const,
  status: (tenantId: string, ticketId: string) =>
    [...ticketKeys.all, 'dispatch', 'status', tenantId, ticketId] as const,
};

/** The dispatchdriver calls of spec §7.4; the ticket's tenant rides in the path and the body. */
export const dispatchApi = {
  config: (tenantId: string, ticketId: string, signal?: AbortSignal) =>
    callApi(routes.config, { params: { tenantId, id: ticketId } }, { signal }),
  /** null: never requested (the server's 404, which §8 keeps silent). */
  status: async (tenantId: string, ticketId: string, signal?: AbortSignal) => {
    try {
      return await callApi(
        routes.status,
        { params: { tenantId }, body: { ticketId, ticketTenantId: tenantId } },
        { signal },
      );
    } catch (error) {
      if (isApiError(error, 404)) return null;
      throw error;
    }
  },
  request: (tenantId: string, ticketId: string) =>
    callApi(routes.request, { params: { tenantId }, body: { ticketId, ticketTenantId: tenantId } }),
  cancel: (tenantId: string, ticketId: string) =>
    callApi(routes.cancel, { params: { tenantId }, body: { ticketId, ticketTenantId: tenantId } }),
};

export const useDispatchConfig = (tenantId: string, ticketId: string, enabled: boolean) =>
  useQuery({
    queryKey: dispatchKeys.config(tenantId, ticketId),
    queryFn: ({ signal }) => dispatchApi.config(tenantId, ticketId, signal),
    enabled,
    staleTime: 5 * 60_000,
  });

/** True once `ms` has passed since mounting. */
function useAfter(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

/** Spec §4.2 and §9: the status is asked once after 200 ms, then every 60 s. */
export function useDispatchStatus(tenantId: string, ticketId: string, enabled: boolean) {
  const started = useAfter(DISPATCH_POLL.firstMs);
  return useQuery({
    queryKey: dispatchKeys.status(tenantId, ticketId),
    queryFn: ({ signal }) => dispatchApi.status(tenantId, ticketId, signal),
    enabled: enabled && started,
    refetchInterval: DISPATCH_POLL.everyMs,
    retry: false,
  });
}

function useDispatchMutation(
  tenantId: string,
  ticketId: string,
  call: (tenantId: string, ticketId: string) => Promise<DriverDispatch>,
) {
  const queryClient = useQueryClient();
  const key = dispatchKeys.status(tenantId, ticketId);
  return useMutation({
    mutationFn: () => call(tenantId, ticketId),
    onSuccess: (dispatch) => {
      queryClient.setQueryData(key, dispatch);
      // Requested now: its status is followed from here on.
      queryClient.setQueryData<DispatchConfig>(dispatchKeys.config(tenantId, ticketId), (c) =>
        c ? { ...c, requested: true } : c,
      );
    },
    // A refused or failed call: show the status as the server has it now.
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useRequestDriver = (tenantId: string, ticketId: string) =>
  useDispatchMutation(tenantId, ticketId, dispatchApi.request);

export const useCancelDispatch = (tenantId: string, ticketId: string) =>
  useDispatchMutation(tenantId, ticketId, dispatchApi.cancel);
