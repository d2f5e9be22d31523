import { queryOptions } from '@tanstack/react-query';
import { TicketCounters, TicketsListResponse } from '@app/contracts';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** Spec §7.4, §9: the list is polled every 60 s besides the realtime events. */
export const TICKETS_POLL_MS = 60_000;

export const TICKETS_LIST_PATH = '/api/admin/tenants/tickets';
export const TICKETS_COUNTERS_PATH = '/api/admin/tenants/tickets/counters';

/**
 * The live tickets of every tenant where the user may see tickets, with the §4.1 counters.
 * The API client hands back `results` alone, so the counters come from their own call.
 */
async function fetchTickets(signal?: AbortSignal): Promise<TicketsListResponse> {
  const [results, counters] = await Promise.all([
    api.get(TICKETS_LIST_PATH, { signal, schema: TicketsListResponse.shape.results }),
    api.get(TICKETS_COUNTERS_PATH, { signal, schema: TicketCounters }),
  ]);
  return { results, counters };
}

export const ticketsListQuery = () =>
  queryOptions({
    queryKey: ticketKeys.list(),
    queryFn: ({ signal }) => fetchTickets(signal),
    // Fresh data comes from events and the poll; a page visit shows what is cached.
    staleTime: TICKETS_POLL_MS,
  });
