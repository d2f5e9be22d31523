import {
  CLOSED_TICKET_STATUSES,
  NOT_ACCEPTED_STATUSES,
  OPEN_TICKET_STATUSES,
  type TicketCounters,
  type TicketStatus,
  type TicketSummary,
} from '@app/contracts';

/** The four toggles of spec §2.3. */
export const TICKET_FILTERS = ['all', 'new', 'inProgress', 'completed'] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];

/** Spec §2.3, §4.1: which statuses each toggle lists. */
export const FILTER_STATUSES: Record<TicketFilter, readonly TicketStatus[]> = {
  all: OPEN_TICKET_STATUSES,
  new: NOT_ACCEPTED_STATUSES,
  inProgress: ['InProgress'],
  completed: CLOSED_TICKET_STATUSES,
};

/** Not yet accepted: highlighted, counted as new and chimed for (spec §2.3, §4.1). */

export const ticketsFor = (tickets: readonly TicketSummary[], filter: TicketFilter) =>
  tickets.filter((ticket) => FILTER_STATUSES[filter].includes(ticket.status));

/** The server's counter behind a toggle's badge; Completed has none (spec §2.3). */
export function counterFor(filter: TicketFilter, counters: TicketCounters): number | undefined {
  switch (filter) {
    case 'all':
      return counters.allTicketsCounter;
    case 'new':
      return counters.newAndUnVerifiedTicketsCounter;
    case 'inProgress':
      return counters.inProgressTicketsCounter;
    case 'completed':
      return undefined;
  }
}

/** A ticket with the texts the table shows, which search and sort work on. */
export interface TicketRow {
  ticket: TicketSummary;
  number: string;
  type: string;
  area: string;
  total: string;
  payment: string;
  branch: string;
  status: string;
}

export const SORT_KEYS = [
  'number',
  'type',
  'area',
  'total',
  'payment',
  'branch',
  'status',
  'time',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

/** Spec §2.3: search matches order type, payment, table/area, total, number, status, branch. */
export function searchRows(rows: readonly TicketRow[], query: string): TicketRow[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.type, row.payment, row.area, row.total, row.number, row.status, row.branch].some((text) =>
      text.toLocaleLowerCase().includes(needle),
    ),
  );
}

function compare(a: TicketRow, b: TicketRow, key: SortKey): number {
  switch (key) {
    case 'number':
      return a.ticket.ticketNumber - b.ticket.ticketNumber;
    case 'total':
      return a.ticket.total - b.ticket.total;
    case 'time':
      return Date.parse(a.ticket.timestamp) - Date.parse(b.ticket.timestamp);
    default:
      return a[key].localeCompare(b[key]);
  }
}

/** Sorted by `key`; ties keep the newest first. */
export function sortRows(
  rows: readonly TicketRow[],
  key: SortKey,
  direction: SortDirection,
): TicketRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b, key) || compare(b, a, 'time'));
}
