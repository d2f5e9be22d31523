import {
  localize,
  TICKET_LIMITS,
  type Language,
  type LocalizedText,
  type Ticket,
} from '@app/contracts';

/** Cuts a title to `max` characters, the last one an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export const modifierTitle = (title: LocalizedText, lang: Language) =>
  truncate(localize(title, lang), TICKET_LIMITS.modifierTitleMax);

export const childModifierTitle = (title: LocalizedText, lang: Language) =>
  truncate(localize(title, lang), TICKET_LIMITS.childModifierTitleMax);

/** Spec §9: date-times read in the en-GB style (day first, 24 h), Latin digits. */
const dateLocale = (lang: Language) => (lang === 'en' ? 'en-GB' : `${lang}-u-nu-latn`);

/** An instant on the branch's clock (`timeZone`), or this device's when it is not known. */
export function formatTimestamp(iso: string, lang: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(dateLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** A wall-clock time of the branch (2025-03-01T19:30) shown as it is, without a time zone. */
export function formatLocalDateTime(local: string, lang: Language): string {
  const [date = '', time = ''] = local.split('T');
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  if ([y, mo, d, h, mi].some((n) => Number.isNaN(n))) return local;
  return new Intl.DateTimeFormat(dateLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, mo - 1, d, h, mi)));
}

/** A map link to the delivery address, or null without coordinates. */
export function mapLink(ticket: Ticket): string | null {
  const address = ticket.ticketDetails.shippingAddress;
  if (address?.lat == null || address.lng == null) return null;
  return `https://www.google.com/maps/search/?api=1&query=${address.lat},${address.lng}`;
}

/** A messaging link (wa.me) that opens a chat with `text` ready to send to a chosen contact. */
export const messagingLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

export const customerName = (details: Ticket['ticketDetails']) =>
  [details.firstName, details.lastName].filter(Boolean).join(' ') ||
  details.reservationLastName ||
  '';

export function addressLine(details: Ticket['ticketDetails']): string {
  const a = details.shippingAddress;
  if (!a) return '';
  return [a.address1, a.streetAddress].filter(Boolean).join(', ');
}
