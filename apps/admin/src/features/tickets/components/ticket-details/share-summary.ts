import { formatMoney, localize, type Ticket } from '@app/contracts';
import type { TFunction } from 'i18next';
import { addressLine, customerName, mapLink } from './ticket-format.ts';

/**
 * Spec §2.4: the order summary a messaging share link carries, always in Arabic (the drivers'
 * and kitchens' language) whatever the admin's language. `t` is the Arabic ticketDetails T.
 */
export function shareSummary(ticket: Ticket, t: TFunction<'ticketDetails'>): string {
  const d = ticket.ticketDetails;
  const cart = ticket.cartData;
  const lines: string[] = [t('share.summary.order', { number: ticket.ticketNumber })];
  lines.push(t('share.summary.branch', { branch: localize(ticket.branchName, 'ar') }));
  lines.push(
    t('share.summary.type', {
      type:
        ticket.ticketType === 'callstaff'
          ? t('sheet.callStaff')
          : t(`templates.${d.checkoutUiTemplate}`),
    }),
  );
  const name = customerName(d);
  if (name) lines.push(t('share.summary.customer', { name }));
  if (d.phoneNumber) lines.push(t('share.summary.phone', { phone: d.phoneNumber }));
  if (d.deliveryZone) lines.push(t('share.summary.zone', { zone: localize(d.deliveryZone, 'ar') }));
  const address = addressLine(d);
  if (address) lines.push(t('share.summary.address', { address }));
  const a = d.shippingAddress;
  if (a && (a.building || a.floor || a.apartment)) {
    lines.push(
      t('share.summary.details', {
        building: a.building ?? '-',
        floor: a.floor ?? '-',
        apartment: a.apartment ?? '-',
      }),
    );
  }
  if (a?.manualDirections) lines.push(t('share.summary.directions', { text: a.manualDirections }));
  if (cart.cartItems.length > 0) {
    lines.push(t('share.summary.items'));
    for (const item of cart.cartItems) {
      const variant = localize(item.variant.localizedTitle, 'ar');
      const title = `${localize(item.localizedTitle, 'ar')}${variant ? ` (${variant})` : ''}`;
      lines.push(t('share.summary.line', { quantity: item.quantity, title }));
    }
    lines.push(t('share.summary.total', { total: formatMoney(cart.total, cart.currency, 'ar') }));
  }
  const method = d.paymentMethodType;
  if (method) lines.push(t('share.summary.payment', { method: t(`payments.${method}`) }));
  const map = mapLink(ticket);
  if (map) lines.push(t('share.summary.location', { url: map }));
  return lines.join('\n');
}
