import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  cartSummary,
  formatMoney,
  localize,
  type CartTaxLine,
  type Language,
  type Ticket,
  type TicketCartItem,
  type TicketTax,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { childModifierTitle, modifierTitle } from './ticket-format.ts';
import { Section } from './ticket-fields.tsx';

export function CartSection({ ticket, lang }: { ticket: Ticket; lang: Language }) {
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

function TotalRow({
  label,
  value,
  strong,
  muted,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** A line told, not added (a tax the items' prices already contain). */
  muted?: boolean;
}) {
  const colour = muted ? 'text.secondary' : undefined;
  const variant = muted ? 'body2' : 'body1';
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        paddingBlock: 0.25,
        ...(strong && { borderBlockStart: 1, borderColor: 'divider', marginBlockStart: 0.5 }),
      }}
    >
      <Typography
        variant={variant}
        color={colour}
        sx={{ flexGrow: 1, fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        variant={variant}
        color={colour}
        sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : 400 }}
      >
        {value}
      </Typography>
    </Box>
  );
}

export function TotalsSection({ ticket, lang }: { ticket: Ticket; lang: Language }) {
  const { t } = useTranslation('ticketDetails');
  const cart = ticket.cartData;
  const money = (v: number) => formatMoney(v, cart.currency, lang);
  const isDelivery = ticket.ticketDetails.checkoutUiTemplate === 'DELIVERY';
  const discount = cart.discountDetails;
  // The lines add up to the total (cartSummary); included taxes are told, not added again.
  const summary = cartSummary(cart);
  // A tax's own title (it names its rate, as "VAT 16%"), else its rate.
  const taxName = (tax: CartTaxLine) =>
    tax.localizedTitle
      ? localize(tax.localizedTitle, lang)
      : t('totals.taxRate', { percentage: tax.percentage });
  return (
    <Section titleKey="totals">
      <TotalRow label={t('totals.items')} value={money(summary.items)} />
      {summary.includedTaxes.map((tax) => (
        <TotalRow
          key={`in-${tax.taxId}-${tax.percentage}`}
          label={t('totals.included', { tax: taxName(tax) })}
          value={`(${money(tax.amount)})`}
          muted
        />
      ))}
      {summary.addedTaxes.map((tax) => (
        <TotalRow
          key={`add-${tax.taxId}-${tax.percentage}`}
          label={taxName(tax)}
          value={money(tax.amount)}
        />
      ))}
      {isDelivery && (
        <TotalRow
          label={t('totals.delivery')}
          value={
            summary.delivery === null ? t('totals.deliveryUndefined') : money(summary.delivery)
          }
        />
      )}
      {summary.serviceCharge > 0 && (
        <TotalRow label={t('totals.serviceCharge')} value={money(summary.serviceCharge)} />
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
