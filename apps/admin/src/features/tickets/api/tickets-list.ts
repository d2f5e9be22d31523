import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  TICKET_LIMITS,
  isOpenTicket,
  ticketsRoutes,
  ticketCounters,
  type TicketCounters,
  type TicketSummary,
  type TicketsListResponse,
} from '@app/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

/** Spec §7.4, §9: the list is polled every 60 s besides the realtime events. */
export const TICKETS_POLL_MS = 60_000;

/** The live list as the admin holds it: every page, and the counters of the whole. */
export type LiveList = TicketsListResponse & { counters: TicketCounters };

/** The §4.1 counters of a whole list, as the server counts them. */
const countersOf = (list: readonly TicketSummary[]) =>
  ticketCounters((status) => list.filter((ticket) => ticket.status === status).length);

const fetchPage = (query: { cursor?: string; changedSince?: string }, signal?: AbortSignal) =>
  callApi(ticketsRoutes.list, { query }, { signal });

/**
 * The live tickets of every tenant where the user may see tickets, every page of them (the
 * server answers at most 1,000 a page, walking (time, id) so none is skipped or repeated), with
 * the §4.1 counters of the last page read, so badges and rows agree.
 */
async function fetchAll(signal?: AbortSignal): Promise<LiveList> {
  let page = await fetchPage({}, signal);
  const results = [...page.results];
  // Changes made while the later pages load are caught by the first page's point.
  const changesCursor = page.changesCursor;
  while (page.nextCursor) {
    page = await fetchPage({ cursor: page.nextCursor }, signal);
    results.push(...page.results);
  }
  return {
    results,
    counters: page.counters ?? countersOf(results),
    nextCursor: null,
    changesCursor,
  };
}

const newestFirst = (a: TicketSummary, b: TicketSummary) =>
  a.timestamp === b.timestamp
    ? b.id.localeCompare(a.id)
    : Date.parse(b.timestamp) - Date.parse(a.timestamp);

/**
 * The list after `changed` (the server's catch-up answer): each changed ticket replaces its row
 * or joins the list, and finished tickets leave it 12 hours after they closed, as the server's
 * own list would; newest first.
 */
export function mergeChanges(
  list: readonly TicketSummary[],
  changed: readonly TicketSummary[],
  now: number = Date.now(),
): TicketSummary[] {
  const byId = new Map(list.map((ticket) => [ticket.id, ticket]));
  for (const ticket of changed) byId.set(ticket.id, ticket);
  const oldestClosed = now - TICKET_LIMITS.completedWindowHours * 3_600_000;
  return [...byId.values()]
    .filter(
      (ticket) =>
        isOpenTicket(ticket.status) ||
        ticket.closedAt === null ||
        Date.parse(ticket.closedAt) >= oldestClosed,
    )
    .sort(newestFirst);
}

/**
 * Reads the list once in full, then only what changed since the last read (spec §4.6: after a
 * reconnect a screen must not walk 20,000 open tickets again, nor make 100 screens do so at
 * once). When too much changed for one answer, reads it in full again.
 */
export async function fetchTickets(
  previous: LiveList | undefined,
  signal?: AbortSignal,
): Promise<LiveList> {
  if (!previous?.changesCursor) return fetchAll(signal);
  const changes = await fetchPage({ changedSince: previous.changesCursor }, signal);
  if (!changes.changesCursor) return fetchAll(signal);
  const results = mergeChanges(previous.results, changes.results);
  return {
    results,
    counters: changes.counters ?? countersOf(results),
    nextCursor: null,
    changesCursor: changes.changesCursor,
  };
}

export const ticketsListQuery = () =>
  queryOptions({
    queryKey: ticketKeys.list(),
    queryFn: ({ signal, client }: { signal?: AbortSignal; client: QueryClient }) =>
      fetchTickets(client.getQueryData<LiveList>(ticketKeys.list()), signal),
    // Fresh data comes from events and the poll; a page visit shows what is cached.
    staleTime: TICKETS_POLL_MS,
  });
