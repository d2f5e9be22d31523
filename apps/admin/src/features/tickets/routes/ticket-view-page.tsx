/** Placeholder until the ticket details work: admin/tickets/view/{id} (spec §2.1, §2.4). */
export function TicketViewPage() {
  return null;
}
