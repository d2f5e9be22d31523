import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Ticket } from '@app/contracts';
import { usePermissions } from '../../../../lib/session.tsx';
import { useLanguage } from '../../../../lib/i18n.ts';
import { DriverDispatchPanel } from './driver-dispatch-panel.tsx';
import { useBranchTimeZone } from './use-branch-time-zone.ts';
import { Section } from './ticket-fields.tsx';
import {
  CustomerSection,
  DeliverySection,
  FulfilmentSection,
  OrderSection,
  PaymentSection,
} from './ticket-sections.tsx';
import { CartSection, TotalsSection } from './ticket-cart-sections.tsx';
import { HistorySection } from './ticket-history-section.tsx';
import { PrintJobsSection } from './print-jobs-section.tsx';
import { useTicketBranchPrinters } from '../../api/print-jobs.ts';

/** Spec §2.4: everything the ticket view shows, shared by the sheet and the page. */
export function TicketContent({ ticket }: { ticket: Ticket }) {
  const lang = useLanguage();
  // The super admin reads a ticket without the live orders' rights: no dispatch calls.
  const canDispatch = usePermissions().has('LiveTickets');
  const timeZone = useBranchTimeZone(ticket);
  // A section of its own only where the branch has a printer (no empty section between rules).
  const printers = useTicketBranchPrinters(ticket.tenantId, ticket.branchId, canDispatch);
  const d = ticket.ticketDetails;
  const isCart = ticket.ticketType === 'cartticket';
  return (
    <Stack spacing={2.5} divider={<Divider flexItem />}>
      <OrderSection ticket={ticket} timeZone={timeZone} />
      <CustomerSection ticket={ticket} />
      {isCart && <FulfilmentSection ticket={ticket} />}
      {(d.deliveryZone || d.shippingAddress) && <DeliverySection ticket={ticket} />}
      {canDispatch && <DriverDispatchPanel ticket={ticket} />}
      {d.customerCheckoutSpecialInstructions && (
        <Section titleKey="instructions">
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {d.customerCheckoutSpecialInstructions}
          </Typography>
        </Section>
      )}
      {isCart && <PaymentSection ticket={ticket} />}
      {isCart && <CartSection ticket={ticket} lang={lang} />}
      {isCart && <TotalsSection ticket={ticket} lang={lang} />}
      {canDispatch && (printers.data?.length ?? 0) > 0 && (
        <PrintJobsSection ticket={ticket} timeZone={timeZone} />
      )}
      {ticket.history.length > 0 && (
        <HistorySection ticket={ticket} lang={lang} timeZone={timeZone} />
      )}
    </Stack>
  );
}
