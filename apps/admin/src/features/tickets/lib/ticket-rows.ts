import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, localize, type Language, type TicketSummary } from '@app/contracts';
import { useLanguage } from '../../../lib/i18n.ts';
import type { TicketRow } from './ticket-filters.ts';

/** Table, room or sunbed for dine-in, the zone for delivery, nothing for pickup. */
export function areaOf(ticket: TicketSummary, lang: Language): string {
  if (ticket.serviceArea) {
    const { title, value } = ticket.serviceArea;
    return title ? `${title} ${value}` : value;
  }
  return ticket.deliveryZone ? localize(ticket.deliveryZone, lang) : '';
}

/** The tickets with the texts of their cells, in the current language. */
export function useTicketRows(tickets: readonly TicketSummary[]): TicketRow[] {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  return useMemo(
    () =>
      tickets.map((ticket) => ({
        ticket,
        number: t('orderNumber', { number: ticket.ticketNumber }),
        type: t(
          ticket.ticketType === 'callstaff'
            ? 'types.callstaff'
            : `types.${ticket.checkoutUiTemplate}`,
        ),
        area: areaOf(ticket, lang),
        // A call for staff carries no cart.
        total:
          ticket.ticketType === 'callstaff' ? '' : formatMoney(ticket.total, ticket.currency, lang),
        payment: ticket.paymentMethodType ? t(`payment.${ticket.paymentMethodType}`) : '',
        branch: localize(ticket.branchName, lang),
        status: t(`status.${ticket.status}`),
      })),
    [tickets, t, lang],
  );
}
