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
import { callApi, isApiError } from '../../../lib/api-client.ts';
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
  try {
    const list = await readTickets(previous, signal);
    keepLastList(list);
    return list;
  } catch (error) {
    // Offline (issue 36): the list on screen stays; after a reload, the last one kept here.
    if (!isApiError(error, 0) || navigator.onLine) throw error;
    const kept = previous ?? (await lastKeptList());
    if (!kept) throw error;
    return kept;
  }
}

async function readTickets(previous: LiveList | undefined, signal?: AbortSignal) {
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

/** Where the last list is kept for a reload without network (the service worker's API cache). */
const KEPT_CACHE = 'api-v1';
const KEPT_KEY = '/offline/live-list';
const KEEP_EVERY_MS = 5_000;
let keptAt = 0;
let keepTimer: ReturnType<typeof setTimeout> | undefined;
let toKeep: LiveList | null = null;

/** Keeps the list for a reload offline, at most every 5 s (a busy list changes all the time). */
function keepLastList(list: LiveList) {
  if (typeof caches === 'undefined') return;
  toKeep = list;
  if (keepTimer) return;
  keepTimer = setTimeout(
    () => {
      keepTimer = undefined;
      keptAt = Date.now();
      const body = JSON.stringify(toKeep);
      void caches
        .open(KEPT_CACHE)
        .then((cache) => cache.put(KEPT_KEY, new Response(body)))
        .catch(() => undefined);
    },
    Math.max(0, keptAt + KEEP_EVERY_MS - Date.now()),
  );
}

async function lastKeptList(): Promise<LiveList | undefined> {
  if (typeof caches === 'undefined') return undefined;
  try {
    const kept = await (await caches.open(KEPT_CACHE)).match(KEPT_KEY);
    // Catching up from its cursor once online again brings it up to date.
    return kept ? ((await kept.json()) as LiveList) : undefined;
  } catch {
    return undefined;
  }
}

export const ticketsListQuery = () =>
  queryOptions({
    queryKey: ticketKeys.list(),
    queryFn: ({ signal, client }: { signal?: AbortSignal; client: QueryClient }) =>
      fetchTickets(client.getQueryData<LiveList>(ticketKeys.list()), signal),
    // Fresh data comes from events and the poll; a page visit shows what is cached.
    staleTime: TICKETS_POLL_MS,
  });
