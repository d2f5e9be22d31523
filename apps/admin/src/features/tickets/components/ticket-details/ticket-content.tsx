import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatMoney,
  localize,
  type Language,
  type Ticket,
  type TicketCartItem,
  type TicketTax,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { usePermissions, useSession } from '../../../../lib/session.tsx';
import { useLanguage } from '../../../../lib/i18n.ts';
import { DriverDispatchPanel } from './driver-dispatch-panel.tsx';
import { useBranchTimeZone } from './use-branch-time-zone.ts';
import {
  childModifierTitle,
  formatLocalDateTime,
  formatTimestamp,
  mapLink,
  modifierTitle,
} from './ticket-format.ts';
import { DetailsSection } from './details-section.tsx';

/** Spec §2.4: everything the ticket view shows, shared by the sheet and the page. */
export function TicketContent({ ticket }: { ticket: Ticket }) {
  const lang = useLanguage();
  // The super admin reads a ticket without the live orders' rights: no dispatch calls.
  const canDispatch = usePermissions().has('LiveTickets');
  const timeZone = useBranchTimeZone(ticket);
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
      {ticket.history.length > 0 && (
        <HistorySection ticket={ticket} lang={lang} timeZone={timeZone} />
      )}
    </Stack>
  );
}

type SectionKey =
  | 'order'
  | 'customer'
  | 'fulfilment'
  | 'delivery'
  | 'instructions'
  | 'payment'
  | 'cart'
  | 'totals'
  | 'history';

function Section({ titleKey, children }: { titleKey: SectionKey; children: ReactNode }) {
  const { t } = useTranslation('ticketDetails');
  return <DetailsSection title={t(`sections.${titleKey}`)}>{children}</DetailsSection>;
}

/** A label and its value on one line, the value wrapping under it when space is short. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '180px minmax(0, 1fr)' },
        columnGap: 2,
        paddingBlock: 0.25,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Dates keep their own direction (a bdi element): the Arabic format carries its own marks, and
 * forcing left to right would scramble it.
 */
const DateText = ({ children }: { children: ReactNode }) => <bdi>{children}</bdi>;

/** Phone numbers, ids and card digits read left to right inside Arabic text. */
const Ltr = ({ children }: { children: ReactNode }) => (
  <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
    {children}
  </Box>
);

function OrderSection({ ticket, timeZone }: { ticket: Ticket; timeZone: string | undefined }) {
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

function CustomerSection({ ticket }: { ticket: Ticket }) {
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

function FulfilmentSection({ ticket }: { ticket: Ticket }) {
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

function DeliverySection({ ticket }: { ticket: Ticket }) {
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

function PaymentSection({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketDetails');
  const d = ticket.ticketDetails;
  const p = d.paymentDetails;
  const method = d.paymentMethodType ?? p.paymentMethodType;
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
      {p.paymentStatus && <Field label={t('fields.paymentStatus')}>{p.paymentStatus}</Field>}
      {p.paymentUniqueInvoiceId && (
        <Field label={t('fields.invoiceId')}>
          <Ltr>{p.paymentUniqueInvoiceId}</Ltr>
        </Field>
      )}
    </Section>
  );
}

function CartSection({ ticket, lang }: { ticket: Ticket; lang: Language }) {
  const { t } = useTranslation('ticketDetails');
  const items = ticket.cartData.cartItems;
  return (
    <Section titleKey="cart">
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('cart.empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((line, index) => (
            <CartLine
              key={`${line.variantId}-${index}`}
              line={line}
              currency={ticket.cartData.currency}
              lang={lang}
            />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function CartLine({
  line,
  currency,
  lang,
}: {
  line: TicketCartItem;
  currency: Ticket['cartData']['currency'];
  lang: Language;
}) {
  const { t } = useTranslation('ticketDetails');
  const money = (v: number) => formatMoney(v, currency, lang);
  const variant = localize(line.variant.localizedTitle, lang);
  return (
    <Box component="li" data-testid="cart-line">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 600, flexGrow: 1, minInlineSize: 0 }}>
          {t('cart.line', { quantity: line.quantity, title: localize(line.localizedTitle, lang) })}
          {variant && (
            <Typography component="span" color="text.secondary">
              {' '}
              — {variant}
            </Typography>
          )}
        </Typography>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {money(line.totalForDisplay)}
        </Typography>
      </Box>
      {line.quantity > 1 && (
        <Typography variant="body2" color="text.secondary">
          {t('cart.unitPrice', { price: money(line.price) })}
        </Typography>
      )}
      {line.itemModifiers.length > 0 && (
        <Box
          component="ul"
          sx={{ margin: 0, paddingInlineStart: 2.5, listStyle: 'disc', color: 'text.secondary' }}
        >
          {line.itemModifiers.map((m) => {
            const full = localize(m.localizedTitle, lang);
            const title = modifierTitle(m.localizedTitle, lang);
            return (
              <li key={m.id}>
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
                  <Typography
                    variant="body2"
                    title={full !== title ? full : undefined}
                    sx={{ flexGrow: 1, minInlineSize: 0, overflowWrap: 'anywhere' }}
                  >
                    {m.quantity > 1
                      ? t('cart.modifierQuantity', { quantity: m.quantity, title })
                      : title}
                  </Typography>
                  {m.total > 0 && (
                    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {money(m.total * line.quantity)}
                    </Typography>
                  )}
                </Box>
                {m.childItemModifiers.length > 0 && (
                  <Box component="ul" sx={{ margin: 0, paddingInlineStart: 2.5 }}>
                    {m.childItemModifiers.map((c) => {
                      const childFull = localize(c.localizedTitle, lang);
                      const child = childModifierTitle(c.localizedTitle, lang);
                      return (
                        <Typography
                          component="li"
                          variant="body2"
                          key={c.id}
                          title={childFull !== child ? childFull : undefined}
                          sx={{ overflowWrap: 'anywhere' }}
                        >
                          {c.quantity > 1
                            ? t('cart.modifierQuantity', { quantity: c.quantity, title: child })
                            : child}
                        </Typography>
                      );
                    })}
                  </Box>
                )}
              </li>
            );
          })}
        </Box>
      )}
      {line.specialRequest && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          {t('cart.specialRequest', { text: line.specialRequest })}
        </Typography>
      )}
      {line.taxes.map((tax, index) => (
        <TaxLine key={`${tax.taxId ?? 'tax'}-${index}`} tax={tax} money={money} />
      ))}
    </Box>
  );
}

function TaxLine({ tax, money }: { tax: TicketTax; money: (v: number) => string }) {
  const { t } = useTranslation('ticketDetails');
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {t('cart.tax', {
        percentage: tax.percentage,
        type: t(`taxTypes.${tax.taxType}`),
        amount: money(tax.taxAmount),
      })}
    </Typography>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        paddingBlock: 0.25,
        ...(strong && { borderBlockStart: 1, borderColor: 'divider', marginBlockStart: 0.5 }),
      }}
    >
      <Typography sx={{ flexGrow: 1, fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : 400 }}>{value}</Typography>
    </Box>
  );
}

function TotalsSection({ ticket, lang }: { ticket: Ticket; lang: Language }) {
  const { t } = useTranslation('ticketDetails');
  const cart = ticket.cartData;
  const money = (v: number) => formatMoney(v, cart.currency, lang);
  const isDelivery = ticket.ticketDetails.checkoutUiTemplate === 'DELIVERY';
  const discount = cart.discountDetails;
  return (
    <Section titleKey="totals">
      <TotalRow label={t('totals.items')} value={money(cart.itemsTotalForDisplay)} />
      {cart.additiveTaxTotal > 0 && (
        <TotalRow label={t('totals.additiveTax')} value={money(cart.additiveTaxTotal)} />
      )}
      {cart.inclusiveTaxTotal > 0 && (
        <TotalRow label={t('totals.inclusiveTax')} value={money(cart.inclusiveTaxTotal)} />
      )}
      {isDelivery && (
        <TotalRow
          label={t('totals.delivery')}
          value={
            cart.deliveryFeesUnDefined ? t('totals.deliveryUndefined') : money(cart.deliveryTotal)
          }
        />
      )}
      {cart.deliveryFeesDetails.taxAmount > 0 && (
        <TotalRow
          label={t('totals.deliveryTax')}
          value={money(cart.deliveryFeesDetails.taxAmount)}
        />
      )}
      {cart.serviceChargeTotal > 0 && (
        <TotalRow label={t('totals.serviceCharge')} value={money(cart.serviceChargeTotal)} />
      )}
      {cart.serviceChargeFeesDetails.taxAmount > 0 && (
        <TotalRow
          label={t('totals.serviceChargeTax')}
          value={money(cart.serviceChargeFeesDetails.taxAmount)}
        />
      )}
      {/* A free delivery whose fee is still undefined takes 0 but shows all the same. */}
      {(discount.appliedDiscountValue > 0 || discount.discountCode) && (
        <TotalRow
          label={
            discount.discountCode && discount.discountType
              ? t('totals.discountCodeType', {
                  code: discount.discountCode,
                  type: t(`discountTypes.${discount.discountType}`),
                })
              : discount.discountCode
                ? t('totals.discountCode', { code: discount.discountCode })
                : t('totals.discount')
          }
          value={`−${money(discount.appliedDiscountValue)}`}
        />
      )}
      <TotalRow label={t('totals.total')} value={money(cart.total)} strong />
      {isDelivery && cart.deliveryFeesUnDefined && (
        <Alert severity="warning" sx={{ marginBlockStart: 1 }}>
          {t('totals.deliveryUndefinedHint')}
        </Alert>
      )}
    </Section>
  );
}

function HistorySection({
  ticket,
  lang,
  timeZone,
}: {
  ticket: Ticket;
  lang: Language;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('ticketDetails');
  const { profile } = useSession();
  // Branch names are known for the current tenant's branches (the session's profile).
  const branches = profile?.tenantId === ticket.tenantId ? profile.branchProfiles : [];
  const branchName = (id: string | null) => {
    if (id === ticket.branchId) return localize(ticket.branchName, lang);
    const branch = branches.find((b) => b.branchId === id);
    return branch ? localize(branch.branchName, lang) : t('history.otherBranch');
  };
  return (
    <Section titleKey="history">
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {ticket.history.map((entry, index) => (
          <Box component="li" key={`${entry.at}-${index}`}>
            <Typography variant="body2">
              <DateText>{formatTimestamp(entry.at, lang, timeZone)}</DateText>{' '}
              {entry.kind === 'status' && entry.toStatus
                ? entry.fromStatus
                  ? t('history.status', {
                      from: t(`status.${entry.fromStatus}`),
                      to: t(`status.${entry.toStatus}`),
                    })
                  : t(`status.${entry.toStatus}`)
                : t('history.transfer', {
                    from: branchName(entry.fromBranchId),
                    to: branchName(entry.toBranchId),
                  })}
              {entry.by && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  {t('history.by', { name: entry.by })}
                </Typography>
              )}
            </Typography>
            {entry.reason && (
              <Typography variant="body2" color="text.secondary">
                {t('history.reason', { reason: t(`reasons.${entry.reason}`) })}
              </Typography>
            )}
            {entry.note && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('history.note', { note: entry.note })}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Section>
  );
}
