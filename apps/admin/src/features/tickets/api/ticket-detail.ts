import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StatusChangedResponse,
  ticketsRoutes as routes,
  type Language,
  type ReceiptSize,
  type Ticket,
  type RejectReason,
  type TicketStatus,
  type TransferTicketBody,
  type UpdateTicketStatusBody,
} from '@app/contracts';
import { ApiError, callApi, isApiError } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** Spec §8 and §9: a failed ticket fetch is retried after 5 s; a 404 is final. */
export const TICKET_RETRY_DELAY_MS = 5_000;
const TICKET_RETRIES = 3;

/** Spec §4.1 and §9: after completing an order paid online, read it again after 3 s. */
export const PAID_ONLINE_REFRESH_MS = 3_000;

/** Spec §4.1: an order whose payment succeeded online has to be refunded when cancelled. */
export const isPaidOnline = (ticket: Ticket) =>
  ticket.ticketDetails.paymentDetails.paymentStatus?.toUpperCase() === 'SUCCESS';

/** The single-ticket calls of spec §7.4. */
export const ticketDetailApi = {
  get: (tenantId: string, ticketId: string, signal?: AbortSignal) =>
    callApi(routes.get, { params: { tenantId, ticketId } }, { signal }),

  updateStatus: (tenantId: string, ticketId: string, body: UpdateTicketStatusBody) =>
    callApi(routes.updateStatus, { params: { tenantId, ticketId }, body }),

  transfer: (tenantId: string, body: TransferTicketBody) =>
    callApi(routes.transfer, { params: { tenantId, branchId: body.branchId }, body }),

  createPrint: (tenantId: string, cartTicketId: string) =>
    callApi(routes.createPrint, { params: { tenantId }, body: { cartTicketId } }),

  /** The receipt is text/html, read as text by the same client with the same token. */
  receiptHtml: (tenantId: string, printId: string, lang: Language, size: ReceiptSize) =>
    callApi(routes.receipt, {
      params: { tenantId, printId, adminLanguage: lang },
      query: { size },
    }),
};

/** A 4xx: the server refused the link (gone, not yours, not a ticket id); asking again won't help. */
export const isRefusal = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500;

const retryTicket = (count: number, error: unknown) => !isRefusal(error) && count < TICKET_RETRIES;

export const ticketQuery = (tenantId: string, ticketId: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(tenantId, ticketId),
    queryFn: ({ signal }) => ticketDetailApi.get(tenantId, ticketId, signal),
    retry: retryTicket,
    retryDelay: TICKET_RETRY_DELAY_MS,
  });

export const useTicket = (tenantId: string, ticketId: string, enabled = true) =>
  useQuery({ ...ticketQuery(tenantId, ticketId), enabled: enabled && tenantId !== '' });

/**
 * The ticket view page knows only what the link carries, the ticket's id or its number as
 * printed: it asks the current tenant first, then the user's other tenants, and answers the
 * ticket's tenant and id (a 404 everywhere is a 404).
 */
export function useLocateTicket(idOrNumber: string, tenantIds: readonly string[]) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...ticketKeys.all, 'locate', idOrNumber, ...tenantIds] as const,
    queryFn: async ({ signal }) => {
      for (const tenantId of tenantIds) {
        try {
          const ticket = await ticketDetailApi.get(tenantId, idOrNumber, signal);
          queryClient.setQueryData(ticketKeys.detail(tenantId, ticket.id), ticket);
          return { tenantId, ticketId: ticket.id };
        } catch (error) {
          if (!isApiError(error, 404)) throw error;
        }
      }
      throw new ApiError(404, 'Ticket not found');
    },
    enabled: idOrNumber !== '' && tenantIds.length > 0,
    retry: retryTicket,
    retryDelay: TICKET_RETRY_DELAY_MS,
    staleTime: Infinity,
  });
}

/**
 * A status change as the actions row sends it: the status the user saw it in (so a change
 * someone else made meanwhile is refused, not overridden), the reason only for a reject or cancel.
 */
export interface StatusChange {
  status: TicketStatus;
  fromStatus: TicketStatus;
  note?: string;
  reason?: RejectReason;
}

/** The ticket as it is now, from a 409 `status_changed` (someone else moved it first). */
export function currentTicketOf(error: unknown): Ticket | null {
  if (!isApiError(error, 409) || error.code !== 'status_changed') return null;
  const parsed = StatusChangedResponse.shape.error.safeParse(error.problem);
  return parsed.success ? (parsed.data.ticket ?? null) : null;
}

/** After any action the ticket shows the server's answer and every list and counter refetches. */
function useSettleTicket(tenantId: string, ticketId: string) {
  const queryClient = useQueryClient();
  return (ticket: Ticket | null) => {
    if (ticket) queryClient.setQueryData(ticketKeys.detail(tenantId, ticketId), ticket);
    return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  };
}

export function useUpdateTicketStatus(tenantId: string, ticketId: string) {
  const queryClient = useQueryClient();
  const settle = useSettleTicket(tenantId, ticketId);
  const refreshLater = () =>
    setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(tenantId, ticketId) }),
      PAID_ONLINE_REFRESH_MS,
    );
  return useMutation({
    mutationFn: ({ status, fromStatus, note, reason }: StatusChange) =>
      ticketDetailApi.updateStatus(tenantId, ticketId, {
        status,
        fromStatus,
        note: note?.trim() ? note.trim() : null,
        reason: reason ?? null,
      }),
    onSuccess: (ticket) => {
      // The payment provider settles a completed online payment a moment later.
      if (ticket.status === 'Completed' && isPaidOnline(ticket)) refreshLater();
      return settle(ticket);
    },
    // A 409 means someone else moved the ticket first: show what it is now.
    onError: (error) => (isApiError(error, 409) ? settle(currentTicketOf(error)) : undefined),
  });
}

export function useTransferTicket(tenantId: string, ticketId: string) {
  const settle = useSettleTicket(tenantId, ticketId);
  return useMutation({
    mutationFn: (branchId: string) =>
      ticketDetailApi.transfer(tenantId, { branchId, ticketId, ticketTenantId: tenantId }),
    onSuccess: (ticket) => settle(ticket),
    onError: (error) => (isApiError(error, 409) ? settle(null) : undefined),
  });
}

/** Spec §7.4: ask for a print, then read its receipt HTML in `lang` for the paper `size`. */
export function usePrintReceipt(tenantId: string, ticketId: string) {
  return useMutation({
    mutationFn: async ({ lang, size }: { lang: Language; size: ReceiptSize }) => {
      const { id } = await ticketDetailApi.createPrint(tenantId, ticketId);
      return ticketDetailApi.receiptHtml(tenantId, id, lang, size);
    },
  });
}
