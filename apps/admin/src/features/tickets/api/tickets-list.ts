import { queryOptions } from '@tanstack/react-query';
import { ticketsRoutes, type TicketsListResponse } from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** Spec §7.4, §9: the list is polled every 60 s besides the realtime events. */
export const TICKETS_POLL_MS = 60_000;

const fetchPage = (cursor: string | undefined, signal?: AbortSignal) =>
  callApi(ticketsRoutes.list, { query: cursor ? { cursor } : {} }, { signal });

/**
 * The live tickets of every tenant where the user may see tickets, every page of them (the
 * server answers at most 1,000 a page, walking (time, id) so none is skipped or repeated), with
 * the §4.1 counters of the last page read, so badges and rows agree.
 */
async function fetchTickets(signal?: AbortSignal): Promise<TicketsListResponse> {
  let page = await fetchPage(undefined, signal);
  const results = [...page.results];
  while (page.nextCursor) {
    page = await fetchPage(page.nextCursor, signal);
    results.push(...page.results);
  }
  return { results, counters: page.counters, nextCursor: null };
}

export const ticketsListQuery = () =>
  queryOptions({
    queryKey: ticketKeys.list(),
    queryFn: ({ signal }) => fetchTickets(signal),
    // Fresh data comes from events and the poll; a page visit shows what is cached.
    staleTime: TICKETS_POLL_MS,
  });
