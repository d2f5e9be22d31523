import type { Ticket } from '@app/contracts';
import { useSession } from '../../../../lib/session.tsx';

/**
 * The time zone of the ticket's branch, so times read as on the receipt and the kitchen's
 * clock; known for the current tenant's branches, otherwise undefined (this device's zone).
 */
export function useBranchTimeZone(ticket: Pick<Ticket, 'tenantId' | 'branchId'>) {
  const { profile } = useSession();
  if (profile?.tenantId !== ticket.tenantId) return undefined;
  return profile.branchProfiles.find((b) => b.branchId === ticket.branchId)?.timeZone;
}
