/** Which ticket the sheet shows: its tenant's calls need the tenant of the ticket. */
export interface TicketRef {
  tenantId: string;
  ticketId: string;
}

export interface TicketDetailsSheetProps {
  /** The ticket to show; null closes the sheet. */
  ticket: TicketRef | null;
  onClose: () => void;
}

/** Placeholder until the ticket details work: the bottom sheet of spec §2.4. */
export function TicketDetailsSheet(_props: TicketDetailsSheetProps) {
  return null;
}
