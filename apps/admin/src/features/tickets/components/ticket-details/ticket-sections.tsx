import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  formatMoney,
  localize,
  OnlinePaymentStatus,
  ticketRefundOf,
  type Ticket,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useNotify } from '../../../../lib/notify.tsx';
import { useUpdateTicketStatus } from '../../api/ticket-detail.ts';
import { formatLocalDateTime, formatTimestamp, mapLink } from './ticket-format.ts';
import { Section, Field, DateText, Ltr } from './ticket-fields.tsx';

export function OrderSection({
  ticket,
  timeZone,
}: {
  ticket: Ticket;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('ticketDetails');
  const lang = useLanguage();
  const d = ticket.ticketDetails;
  const area = d.serviceArea;
  return (
    <Section titleKey="order">
      <Field label={t('fields.orderType')}>
        {ticket.ticketType === 'callstaff'
          ? t('sheet.callStaff')
          : t(`templates.${d.checkoutUiTemplate}`)}
      </Field>
      <Field label={t('fields.brand')}>{localize(ticket.tenantName, lang)}</Field>
      <Field label={t('fields.branch')}>{localize(ticket.branchName, lang)}</Field>
      {area && (
        <Field label={t('fields.table')}>
          {[area.sectionName, [area.title, area.value].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(' · ')}
        </Field>
      )}
      {d.uniqueLink && <Field label={t('fields.uniqueLink')}>{d.uniqueLink.name}</Field>}
      <Field label={t('history.placed')}>
        <DateText>{formatTimestamp(ticket.timestamp, lang, timeZone)}</DateText>
      </Field>
    </Section>
  );
}

export function CustomerSection({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketDetails');
  const d = ticket.ticketDetails;
  const onProperty = d.onPropertyInfo;
  const rows: [string, ReactNode][] = [];
  if (d.firstName) rows.push([t('fields.firstName'), d.firstName]);
  if (d.lastName) rows.push([t('fields.lastName'), d.lastName]);
  if (d.reservationLastName) rows.push([t('fields.reservationLastName'), d.reservationLastName]);
  if (onProperty?.tableNumber != null)
    rows.push([t('fields.tableNumber'), <Ltr key="table">{onProperty.tableNumber}</Ltr>]);
  if (d.phoneNumber)
    rows.push([
      t('fields.phoneNumber'),
      <Link key="phone" href={`tel:${d.phoneNumber}`} dir="ltr">
        {d.phoneNumber}
      </Link>,
    ]);
  if (onProperty?.phoneNumber)
    rows.push([t('fields.roomPhoneNumber'), <Ltr key="room">{onProperty.phoneNumber}</Ltr>]);
  if (rows.length === 0) return null;
  return (
    <Section titleKey="customer">
      {rows.map(([label, value]) => (
        <Field key={label} label={label}>
          {value}
        </Field>
      ))}
    </Section>
  );
}

export function FulfilmentSection({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketDetails');
  const lang = useLanguage();
  const d = ticket.ticketDetails;
  return (
    <Section titleKey="fulfilment">
      {d.isFulfillmentAsap || !d.preferredFulfillmentLocalDateTime ? (
        <Typography sx={{ fontWeight: 600 }}>{t('fields.asap')}</Typography>
      ) : (
        <Field label={t('fields.preferredTime')}>
          <DateText>{formatLocalDateTime(d.preferredFulfillmentLocalDateTime, lang)}</DateText>
        </Field>
      )}
    </Section>
  );
}

export function DeliverySection({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketDetails');
  const lang = useLanguage();
  const d = ticket.ticketDetails;
  const a = d.shippingAddress;
  const map = mapLink(ticket);
  return (
    <Section titleKey="delivery">
      {d.deliveryZone && (
        <Field label={t('fields.deliveryZone')}>{localize(d.deliveryZone, lang)}</Field>
      )}
      {a && (
        <>
          <Field label={t('fields.address1')}>{a.address1}</Field>
          {a.streetAddress && <Field label={t('fields.streetAddress')}>{a.streetAddress}</Field>}
          {a.building && <Field label={t('fields.building')}>{a.building}</Field>}
          {a.floor && <Field label={t('fields.floor')}>{a.floor}</Field>}
          {a.apartment && <Field label={t('fields.apartment')}>{a.apartment}</Field>}
          {a.manualDirections && (
            <Field label={t('fields.manualDirections')}>{a.manualDirections}</Field>
          )}
          {map && (
            <Field label={t('fields.coordinates')}>
              <Link href={map} target="_blank" rel="noopener noreferrer" dir="ltr">
                {a.lat}, {a.lng}
              </Link>
            </Field>
          )}
        </>
      )}
    </Section>
  );
}

export function PaymentSection({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketDetails');
  const d = ticket.ticketDetails;
  const p = d.paymentDetails;
  const method = d.paymentMethodType ?? p.paymentMethodType;
  const known = OnlinePaymentStatus.safeParse(p.paymentStatus);
  return (
    <Section titleKey="payment">
      <Field label={t('fields.paymentMethod')}>
        {method ? t(`payments.${method}`) : t('fields.notSet')}
      </Field>
      {p.cardScheme && <Field label={t('fields.cardScheme')}>{p.cardScheme}</Field>}
      {p.maskedValue && (
        <Field label={t('fields.maskedValue')}>
          <Ltr>{p.maskedValue}</Ltr>
        </Field>
      )}
      {p.paymentStatus && (
        <Field label={t('fields.paymentStatus')}>
          {known.success ? t(`paymentStatus.${known.data}`) : p.paymentStatus}
        </Field>
      )}
      {p.paymentUniqueInvoiceId && (
        <Field label={t('fields.invoiceId')}>
          <Ltr>{p.paymentUniqueInvoiceId}</Ltr>
        </Field>
      )}
      <RefundField ticket={ticket} />
    </Section>
  );
}

/**
 * The refund of a cancelled order paid online: its amount and state. While the card gateway has
 * not answered (pending) or after it refused, staff can ask again: the cancel is sent once more,
 * and the server settles the one refund under its key, never a second.
 */
function RefundField({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketDetails');
  const lang = useLanguage();
  const notify = useNotify();
  const update = useUpdateTicketStatus(ticket.tenantId, ticket.id);
  const refund = ticketRefundOf(
    ticket.ticketDetails.paymentDetails.paymentStatus,
    ticket.cartData.total,
    ticket.cartData.currency,
  );
  if (!refund) return null;
  const amount = formatMoney(refund.amount, refund.currency, lang);
  const again = async () => {
    try {
      const after = await update.mutateAsync({
        status: 'Cancelled',
        fromStatus: ticket.status,
        ...(ticket.cancellationReason ? { reason: ticket.cancellationReason } : {}),
      });
      const now = ticketRefundOf(
        after.ticketDetails.paymentDetails.paymentStatus,
        after.cartData.total,
        after.cartData.currency,
      );
      if (now?.status === 'SUCCEEDED') notify.success(t('refund.done', { amount }));
      else notify.error(t(`refund.still.${now?.status ?? 'PENDING'}`, { amount }));
    } catch {
      notify.error(t('refund.failed'));
    }
  };
  return (
    <Field label={t('fields.refund')}>
      <bdi>{amount}</bdi> · {t(`refund.status.${refund.status}`)}
      {refund.status !== 'SUCCEEDED' && (
        <>
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block' }}
          >
            {t(`refund.explained.${refund.status}`)}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            disabled={update.isPending}
            onClick={() => void again()}
            sx={{ marginBlockStart: 0.5 }}
          >
            {t(refund.status === 'PENDING' ? 'refund.check' : 'refund.tryAgain')}
          </Button>
        </>
      )}
    </Field>
  );
}
