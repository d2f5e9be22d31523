import { queryOptions } from '@tanstack/react-query';
import { ticketsRoutes, type TicketsListResponse } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** Spec §7.4, §9: the list is polled every 60 s besides the realtime events. */
export const TICKETS_POLL_MS = 60_000;

/**
 * The live tickets of every tenant where the user may see tickets, with the §4.1 counters of
 * the same snapshot (they ride beside `results` in one answer, so badges and rows agree).
 */
const fetchTickets = (signal?: AbortSignal): Promise<TicketsListResponse> =>
  callApi(ticketsRoutes.list, {}, { signal });

export const ticketsListQuery = () =>
  queryOptions({
    queryKey: ticketKeys.list(),
    queryFn: ({ signal }) => fetchTickets(signal),
    // Fresh data comes from events and the poll; a page visit shows what is cached.
    staleTime: TICKETS_POLL_MS,
  });
