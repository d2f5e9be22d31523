import type { TicketChange } from '@app/contracts';
import type { RealtimeEvent } from '../../realtime/notifier.ts';
import type { TicketRow } from './tickets.table.ts';

/** A ticket's columns as values (a row in hand) or as SQL (a row being inserted). */
export type TicketColumns<V> = {
  id: V;
  tenantId: V;
  branchId: V;
  ticketNumber: V;
  ticketType: V;
  status: V;
  at: V;
};

/**
 * THE builder of the hub's ticket event: ids and state only, never the customer's data. The
 * same field list serves a change made in code and a new ticket announced inside its INSERT
 * (tickets.repository.ts).
 */
export function changeFields<V>(change: TicketChange['change'], t: TicketColumns<V>) {
  return {
    change,
    tenantId: t.tenantId,
    branchId: t.branchId,
    ticketId: t.id,
    ticketNumber: t.ticketNumber,
    ticketType: t.ticketType,
    status: t.status,
    at: t.at,
  } satisfies Record<keyof TicketChange, V | TicketChange['change']>;
}

/** The event for a change to a ticket in hand. */
export function ticketChange(
  change: TicketChange['change'],
  row: Pick<TicketRow, 'id' | 'tenantId' | 'branchId' | 'ticketNumber' | 'ticketType' | 'status'>,
): RealtimeEvent {
  const data: TicketChange = changeFields<string | number>(change, {
    ...row,
    at: new Date().toISOString(),
  }) as TicketChange;
  return { tenantId: row.tenantId, event: 'ticketsUpdate', data };
}
